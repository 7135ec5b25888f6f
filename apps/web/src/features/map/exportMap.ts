import { saveDownload } from '../../api/client';
import type { TMapViewHandle } from './mapItems';

export type TMapImageFormat = 'png' | 'svg';

const EXTENSIONS: Record<TMapImageFormat, string> = { png: '.png', svg: '.svg' };

/** Characters no file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f]/g;

/**
 * The caller's file name made safe to save: unsafe characters become '_', blanks fall back to `fallback`,
 * and the format's extension is added unless it is already there.
 */
export function mapFileName(name: string, format: TMapImageFormat, fallback: string): string {
  const extension = EXTENSIONS[format];
  let base = name.replace(UNSAFE_IN_FILE_NAMES, '_').trim();
  if (base.toLowerCase().endsWith(extension)) base = base.slice(0, -extension.length).trim();
  return `${base || fallback}${extension}`;
}

/** The bytes of a base64 data URL, without fetch (the page's connect-src does not take data: URLs). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('not a data URL');
  const [, type = 'application/octet-stream', base64, body = ''] = match;
  if (!base64) return new Blob([decodeURIComponent(body)], { type });
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * Saves the current map of `map` (MapView's handle) as a PNG or an SVG document under `fileName` (made safe,
 * extension added), with `title` written at its top left. Rejects when the map is not drawn yet.
 */
export async function downloadMap(
  map: TMapViewHandle,
  {
    format,
    fileName,
    title,
    fallbackName,
  }: { format: TMapImageFormat; fileName: string; title?: string; fallbackName: string },
): Promise<void> {
  if (!map.renderer()) throw new Error('the map is not drawn yet');
  const name = mapFileName(fileName, format, fallbackName);
  const blob =
    format === 'png'
      ? dataUrlToBlob(await map.toPngDataUrl(title))
      : new Blob([map.toSvgText(title)], { type: 'image/svg+xml;charset=utf-8' });
  saveDownload({ blob, fileName: name }, name);
}
