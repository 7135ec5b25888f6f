/**
 * Why a call failed: the server answered with a non-success code ('business'), the request never got an
 * answer ('network'), took longer than the limit ('timeout'), was cancelled by the caller ('aborted'), or
 * its input failed the contract schema before sending ('invalid').
 */
export type TApiErrorKind = 'business' | 'network' | 'timeout' | 'aborted' | 'invalid';

export class ApiError extends Error {
  readonly kind: TApiErrorKind;
  /** The envelope code for business errors, null otherwise. */
  readonly code: string | null;
  /** The envelope's data (field details, error-log keys) for business errors. */
  readonly data: unknown;

  constructor(kind: TApiErrorKind, code: string | null, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
