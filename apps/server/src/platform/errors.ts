import { validationMessage, type TErrorKey, type TLang, type TValidationKey } from '@tracehub/contract';

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

/**
 * A failure whose writes must outlive the request's tenant transaction, such as the counted try of a
 * wrong verification code or password: the transaction is committed, then the error is answered.
 */
export class KeepWritesError extends AppError {}

export const fail = (key: TErrorKey, params?: Record<string, string | number>, data?: unknown): never => {
  throw new AppError(key, params, data);
};

/**
 * E1001 for one field found invalid by a service rule (not by the schema), shaped like schema failures:
 * the sentence in the message and `data.fields`.
 */
export function fieldInvalid(
  lang: TLang,
  field: string,
  key: TValidationKey,
  params?: Record<string, string | number>,
): AppError {
  const message = validationMessage(key, lang, { field, ...params });
  return new AppError('VALIDATION', { detail: message }, { fields: [{ field, message }] });
}
