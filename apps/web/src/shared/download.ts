import type { TEndpoint, TInput } from '@tracehub/contract';
import { download, saveDownload } from '../api/client';
import { fallbackFileName } from '../api/fileNames';

/**
 * Downloads the binary answer of an endpoint (an xlsx template, export or error log) with the session's
 * Authorization and language headers and saves it under the server's file name (Content-Disposition), else
 * `fallbackName`. A JSON envelope instead of a file is an error shown like any call's (spec 8). Resolves
 * whether the file was saved; it never rejects, since the client has already told the user why.
 */
export async function downloadFile<E extends TEndpoint>(
  endpoint: E,
  input: TInput<E>,
  fallbackName: string = fallbackFileName(endpoint.path),
): Promise<boolean> {
  try {
    saveDownload(await download(endpoint, input), fallbackName);
    return true;
  } catch {
    return false;
  }
}
