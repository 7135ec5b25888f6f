import { api, type TInput, type TLang } from '@tracehub/contract';
import { download } from '../../api/client';
import { downloadFile } from '../../shared/download';
import { openInNewTab } from '../../shared/openBlob';

/**
 * The certificate PDFs of /file/viewChainPdf: `uuid` is an evidence record's txHash or rowkey (the
 * blockchain evidence certificate) or a certificate number (the enterprise certification certificate).
 * They are printed in the console's language and the browser's time zone.
 */
function certificateInput(uuid: string, lang: TLang): TInput<typeof api.file.viewChainPdf> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { uuid, lang, ...(tz ? { tz } : {}) };
}

/** Opens the certificate in a new tab. Failures were shown by the client. */
export async function openCertificatePdf(uuid: string, lang: TLang): Promise<void> {
  await openInNewTab(
    () => download(api.file.viewChainPdf, certificateInput(uuid, lang)),
    `${uuid}.pdf`,
  ).catch(() => undefined);
}

/** Saves the certificate under the name the server gives it. Failures were shown by the client. */
export async function downloadCertificatePdf(uuid: string, lang: TLang): Promise<void> {
  await downloadFile(api.file.viewChainPdf, certificateInput(uuid, lang), `${uuid}.pdf`);
}
