import type { z } from 'zod';

/**
 * Who may call an endpoint:
 * - public: anyone (sign-in, registration, public ledger);
 * - account: the sign-in step's verifyKey or an enterprise-end session (link applications during sign-in);
 * - session: a signed-in account, with or without a selected enterprise;
 * - enterprise: a session with a selected, usable enterprise (tenant-scoped business calls);
 * - operator: an operator-end session;
 * - gateway: a request signed with an enterprise's gateway key (no session; modules/gateway-key).
 */
export type TAuthLevel = 'public' | 'account' | 'session' | 'enterprise' | 'operator' | 'gateway';

export interface TEndpoint<
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends TAuthLevel = TAuthLevel,
> {
  method: 'GET' | 'POST';
  /** Path below the API base `/api`, as in spec section 7. */
  path: string;
  /** Body (POST) or query (GET) schema. */
  input: B;
  /** Schema of the envelope's `data`. */
  output: R;
  auth: A;
  /**
   * Menu permission code the session must hold (spec 6), or several of which any one suffices; checked
   * by the server on every call.
   */
  permission?: string | readonly string[];
  /**
   * The call changes nothing: the server answers it in a read-only transaction (on PostgreSQL each of its
   * statements travels with the tenant settings in one message), and the database refuses any write.
   */
  reads?: true;
  /** OpenAPI tag and summary. */
  tag: string;
  summary: string;
}

/** Declares an endpoint; the server registers it and the web client calls it from the same object. */
export function endpoint<B extends z.ZodType, R extends z.ZodType, A extends TAuthLevel>(
  e: TEndpoint<B, R, A>,
): TEndpoint<B, R, A> {
  return e;
}

export type TInput<E> = E extends TEndpoint<infer B, z.ZodType, TAuthLevel> ? z.input<B> : never;
/** The request as the server receives it, after parsing (defaults applied). */
export type TParsed<E> = E extends TEndpoint<infer B, z.ZodType, TAuthLevel> ? z.output<B> : never;
export type TOutput<E> = E extends TEndpoint<z.ZodType, infer R, TAuthLevel> ? z.output<R> : never;

export const API_BASE = '/api';

/** The permission codes of an endpoint as a list (empty: no code needed). */
export function permissionCodes(ep: Pick<TEndpoint, 'permission'>): readonly string[] {
  return ep.permission === undefined
    ? []
    : typeof ep.permission === 'string'
      ? [ep.permission]
      : ep.permission;
}
