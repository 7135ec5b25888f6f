import { errorMessage, isAllowedFile, LIMITS, validationMessage, type TLang } from '@tracehub/contract';

/** Enough leading bytes for every file signature the contract knows. */
const SIGNATURE_BYTES = 16;

/** What a chosen file offers for checking: a browser File, or anything with a name and content. */
export type TCheckedFile = Pick<Blob, 'size' | 'slice'> & { name: string };

/**
 * Checks a file before it is uploaded (spec 5): at most 5 MB, one of `extensions` by name, and content of
 * that kind by its leading bytes. Returns the message to show, worded as the server words the same refusal
 * (Max5MB, F1002), or null. The server checks everything again.
 */
export async function checkUploadFile(
  file: TCheckedFile,
  extensions: readonly string[],
  lang: TLang,
): Promise<string | null> {
  if (file.size > LIMITS.fileMaxBytes) return validationMessage('v.file.tooLarge', lang);
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  if (file.size > 0 && isAllowedFile(file.name, head, extensions)) return null;
  return errorMessage('FILE_TYPE_INVALID', lang, { types: extensions.join('/') });
}

/** The `accept` attribute of a file input for the extensions: '.xls,.xlsx'. */
export const acceptOf = (extensions: readonly string[]): string => extensions.map((e) => `.${e}`).join(',');
