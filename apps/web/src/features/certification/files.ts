import { isAllowedFileSize, isAllowedImage, type TValidatorMessageKey } from '@tracehub/contract';

export { useFileObjectUrl } from '../../shared/fileUrl';

/** Enough leading bytes for every image signature the contract knows. */
const SIGNATURE_BYTES = 16;

/**
 * Checks an image before it is sent (spec 5): jpg/jpeg/png by name, jpeg/png by its first bytes, at most
 * 5 MB. Returns the message key of the first failure, or null. The server checks the same again.
 */
export async function checkImageFile(file: File): Promise<TValidatorMessageKey | null> {
  if (!isAllowedFileSize(file.size)) return 'v.file.tooLarge';
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return isAllowedImage(file.name, head) ? null : 'v.image.type';
}
