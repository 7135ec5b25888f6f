import { z } from 'zod';

/** Code of every successful response (spec section 8). */
export const SUCCESS_CODE = '0000';

/** The response envelope of every API call: `{code, msg, data}`. */
export const ZEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.string(),
    msg: z.string(),
    data,
  });

export type TEnvelope<T> = { code: string; msg: string; data: T };

/** Envelope used by error responses; `data` may carry field details. */
export const ZErrorEnvelope = z.object({
  code: z.string(),
  msg: z.string(),
  data: z.unknown().nullable(),
});
