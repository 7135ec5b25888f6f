import type { TDownload } from '../api/client';
import { saveDownload } from '../api/client';

/** How long an opened file's object URL lives: long enough for the new tab to load it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Opens a file that needs the bearer token (a PDF from the API) in a new tab. The tab is opened at once,
 * inside the click, so that popup blockers let it through, and is sent to the file's object URL when the
 * download arrives; it is closed again when the download fails (the client has shown why). Where no tab
 * may be opened, the file is saved instead.
 */
export async function openInNewTab(load: () => Promise<TDownload>, fallbackName: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  let file: TDownload;
  try {
    file = await load();
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (!tab || tab.closed) {
    saveDownload(file, fallbackName);
    return;
  }
  const url = URL.createObjectURL(file.blob);
  tab.location.href = url;
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
