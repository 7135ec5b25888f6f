/**
 * The file name a download is saved under: the server's (Content-Disposition, RFC 6266 / 5987) when it
 * sends one, else a name made from the endpoint's path. Kept apart from the client so it can be tested
 * without a browser.
 */

/** The file name of a Content-Disposition header: `filename*` (UTF-8, percent-encoded) wins over `filename`. */
export function fileNameFromDisposition(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8''|utf-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    const encoded = star[1].trim().replace(/^"|"$/g, '');
    try {
      return decodeURIComponent(encoded) || null;
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || null;
}

/** '/project/template' -> 'project-template.xlsx': a readable name when the server gives none. */
export function fallbackFileName(path: string, extension = 'xlsx'): string {
  const stem = path
    .split('/')
    .filter((part) => part !== '' && !part.startsWith(':'))
    .join('-');
  return `${stem || 'download'}.${extension}`;
}
