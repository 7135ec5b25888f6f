import { unzipSync } from 'fflate';

/** Bounds on what a package may inflate to: a hostile zip must not exhaust memory. */
export interface UnzipLimits {
  maxEntries: number;
  /** Sum of the declared inflated sizes. */
  maxTotalBytes: number;
  maxEntryBytes: number;
}

export const DEFAULT_UNZIP_LIMITS: UnzipLimits = {
  maxEntries: 200_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxEntryBytes: 64 * 1024 * 1024,
};

export class UnzipError extends Error {
  constructor(
    readonly reason: 'malformed' | 'tooManyEntries' | 'tooLarge' | 'badName',
    detail: string,
  ) {
    super(detail);
  }
}

// Deflate cannot expand more than about 1032:1; a larger declared ratio is a lie about the sizes.
const MAX_RATIO = 1100;

/**
 * The entries of a zip, by name. fflate reads the central directory first and inflates each entry into a
 * buffer of its declared size, never more: an entry that lies about its size comes out truncated (and then
 * fails its SHA-256 in the manifest), so memory is bounded by the checked declared sizes.
 */
export function unzipBounded(
  bytes: Uint8Array,
  limits: UnzipLimits = DEFAULT_UNZIP_LIMITS,
): Map<string, Uint8Array> {
  let entries = 0;
  let total = 0;
  let refused: UnzipError | null = null;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(file) {
        if (refused) return false;
        entries++;
        total += file.originalSize;
        if (entries > limits.maxEntries)
          refused = new UnzipError('tooManyEntries', `more than ${limits.maxEntries} entries`);
        else if (file.originalSize > limits.maxEntryBytes || total > limits.maxTotalBytes)
          refused = new UnzipError('tooLarge', `${file.name} inflates beyond the limit`);
        else if (file.size > 0 && file.originalSize / file.size > MAX_RATIO)
          refused = new UnzipError('tooLarge', `${file.name} declares an impossible compression ratio`);
        else if (file.name.startsWith('/') || file.name.split('/').includes('..'))
          refused = new UnzipError('badName', file.name);
        return refused === null;
      },
    });
  } catch (err) {
    if (refused) throw refused;
    throw new UnzipError('malformed', err instanceof Error ? err.message : String(err));
  }
  if (refused) throw refused;
  return new Map(Object.entries(files));
}
