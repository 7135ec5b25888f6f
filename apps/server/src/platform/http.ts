import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_BASE, ERRORS, ZEnvelope, pickLang, type TAuthLevel, type TEndpoint } from '@tracehub/contract';
import type { AccountContext, AppDeps, RequestMeta, SessionContext, TenantContext } from './context.ts';
import { AppError } from './errors.ts';
import { bearerToken, resolveSession, resolveVerifyKey } from './session.ts';
import { withTenant } from './tenancy.ts';
import type { Db } from '../db/client.ts';

/** What a handler receives besides its validated input, by the endpoint's auth level. */
/**
 * `db` is the handle a handler must use: for enterprise endpoints the tenant transaction (row-level
 * security on, rolled back on failure), otherwise the platform database.
 */
export type HandlerContext<A extends TAuthLevel> = {
  meta: RequestMeta;
  req: FastifyRequest;
  reply: FastifyReply;
  db: Db;
} & (A extends 'enterprise'
  ? { session: SessionContext; tenant: TenantContext }
  : A extends 'session' | 'operator'
    ? { session: SessionContext }
    : A extends 'account'
      ? { account: AccountContext }
      : object);

export type Handler<E extends TEndpoint> =
  E extends TEndpoint<infer B, infer R, infer A>
    ? (input: z.output<B>, ctx: HandlerContext<A>) => Promise<z.input<R>>
    : never;

export function requestMeta(req: FastifyRequest): RequestMeta {
  return {
    lang: pickLang(req.headers['accept-language']),
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
  };
}

async function authenticate(
  deps: AppDeps,
  req: FastifyRequest,
  level: TAuthLevel,
  permission: string | undefined,
): Promise<Record<string, unknown>> {
  if (level === 'public') return {};
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new AppError('NOT_LOGGED_IN');

  if (level === 'account') {
    // During sign-in the client holds only the verifyKey; afterwards its session.
    const key = await resolveVerifyKey(deps.db, token);
    if (key) return { account: { userId: key.userId, session: null } satisfies AccountContext };
    const session = await resolveSession(deps.db, token);
    if (!session) throw new AppError('NOT_LOGGED_IN');
    return { account: { userId: session.userId, session } satisfies AccountContext };
  }

  const session = await resolveSession(deps.db, token);
  if (!session) throw new AppError('NOT_LOGGED_IN');
  if (level === 'operator') {
    if (session.kind !== 'operator') throw new AppError('FORBIDDEN');
    return { session };
  }
  if (session.kind !== 'enterprise') throw new AppError('FORBIDDEN');
  if (level === 'session') return { session };

  if (!session.enterpriseUuid) throw new AppError('ENTERPRISE_UNAVAILABLE');
  if (permission && !session.permissions.has(permission)) throw new AppError('FORBIDDEN');
  const tenant: TenantContext = {
    enterpriseUuid: session.enterpriseUuid,
    userId: session.userId,
    permissions: session.permissions,
  };
  return { session, tenant };
}

/**
 * Registers a contract endpoint: input validated with its schema (body for POST, query for GET), caller
 * authenticated and its permission code checked before the handler runs, output wrapped in the envelope.
 */
export function registerEndpoint<E extends TEndpoint>(
  app: FastifyInstance,
  deps: AppDeps,
  ep: E,
  handler: Handler<E>,
): void {
  const inputKey = ep.method === 'GET' ? 'querystring' : 'body';
  app.route({
    method: ep.method,
    url: `${API_BASE}${ep.path}`,
    schema: {
      [inputKey]: ep.input,
      response: { 200: ZEnvelope(ep.output) },
      tags: [ep.tag],
      summary: ep.summary,
      description: ep.permission ? `Permission code: \`${ep.permission}\`` : undefined,
      ...(ep.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    handler: async (req, reply) => {
      const meta = requestMeta(req);
      const auth = await authenticate(deps, req, ep.auth, ep.permission);
      const input = inputKey === 'body' ? req.body : req.query;
      const call = handler as (input: unknown, ctx: unknown) => Promise<unknown>;
      const tenant = (auth as { tenant?: TenantContext }).tenant;
      const data = tenant
        ? await withTenant(deps.db, tenant, (db) => call(input, { meta, req, reply, db, ...auth }))
        : await call(input, { meta, req, reply, db: deps.db, ...auth });
      return { code: ERRORS.SUCCESS.code, msg: ERRORS.SUCCESS[meta.lang], data: data ?? null };
    },
  });
}
