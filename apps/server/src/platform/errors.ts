import type { TErrorKey } from '@tracehub/contract';

/** A failure the caller should see: a catalogue key (code, HTTP status, zh/en message) and its parameters. */
export class AppError extends Error {
  constructor(
    readonly key: TErrorKey,
    readonly params?: Record<string, string | number>,
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const fail = (key: TErrorKey, params?: Record<string, string | number>, data?: unknown): never => {
  throw new AppError(key, params, data);
};
