import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api, type TLang } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerRawEndpoint, sendFile } from '../../platform/http-binary.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { withTenant } from '../../platform/tenancy.ts';
import {
  certificationCertificate,
  evidenceCertificate,
  knownTimeZone,
  type PrintContext,
} from './certificate-content.ts';
import { CERTIFICATE_LABELS } from './certificate-labels.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { certificateFacts, chainFile } from './certificate-service.ts';

/** The console's origin as the request reached it (behind a proxy: its forwarded host and scheme). */
function requestOrigin(req: FastifyRequest): string {
  const host = /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(req.host) ? req.host : 'localhost';
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}

/** The download's names by language; the English one is the ASCII fallback of the header. */
function fileNames(kind: 'evidence' | 'certification', id: string): Record<TLang, string> {
  return {
    zh: CERTIFICATE_LABELS.zh[kind].fileName(id),
    en: CERTIFICATE_LABELS.en[kind].fileName(id),
  };
}

/**
 * The certificate PDF (/file/viewChainPdf, registered by hand: its answer is a PDF, failures are
 * envelopes) and /pass/chainFile. The records are read in the tenant transaction; the PDF is rendered
 * after it, so the transaction is not held while pages are laid out.
 */
export function certificateRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, api.pass.chainFile, (input, { db, tenant }) =>
    chainFile(db, tenant, input.fileKey),
  );

  registerRawEndpoint(
    app,
    deps,
    api.file.viewChainPdf,
    { produces: 'application/pdf' },
    async (query, { tenant, req, reply, meta }) => {
      const ctx: PrintContext = {
        lang: query.lang ?? meta.lang,
        timeZone: knownTimeZone(query.tz),
        origin: requestOrigin(req),
        platformKeyHex: deps.platformKey.publicKeyHex,
        now: new Date(),
      };
      const found = await withTenant(deps.db, tenant, (db) =>
        certificateFacts(db, tenant, deps.platformKey, query.uuid),
      );
      const [document, names] =
        found.kind === 'evidence'
          ? [evidenceCertificate(found.facts, ctx), fileNames('evidence', String(found.facts.eventId))]
          : [certificationCertificate(found.facts, ctx), fileNames('certification', found.facts.number)];
      return sendFile(reply, {
        content: await renderCertificatePdf(document),
        contentType: 'application/pdf',
        fileName: names[ctx.lang],
        asciiName: names.en,
        disposition: 'inline',
      });
    },
  );
}
