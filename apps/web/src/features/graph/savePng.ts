import { saveDownload } from '../../api/client';

/**
 * Saves a PNG data URL as a file. Decoded here rather than fetched: the console's policy allows no fetch
 * of data: URLs (connect-src 'self').
 */
export function savePng(dataUrl: string, fileName: string): void {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  saveDownload({ blob: new Blob([bytes], { type: 'image/png' }), fileName }, fileName);
}
