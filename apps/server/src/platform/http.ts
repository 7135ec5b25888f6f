import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  API_BASE,
  ERRORS,
  ZEnvelope,
  permissionCodes,
  pickLang,
  type TAuthLevel,
  type TEndpoint,
} from '@tracehub/contract';
import type { AccountContext, AppDeps, RequestMeta, SessionContext, TenantContext } from './context.ts';
import { AppError, KeepWritesError } from './errors.ts';
import { assertEndpointAccess } from './permissions.ts';
import {
  bearerToken,
  cachedSession,
  forgetSession,
  resolveSession,
  resolveVerifyKey,
  type SessionProof,
} from './session.ts';
import { withTenant } from './tenancy.ts';
import { PreludeRefused, type Db } from '../db/client.ts';

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
  permission: readonly string[],
  opts: { cached?: boolean } = {},
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
    // Link applications and the like are the enterprise end's: an operator account joins no enterprise.
    if (session.kind !== 'enterprise') throw new AppError('FORBIDDEN');
    return { account: { userId: session.userId, session } satisfies AccountContext };
  }

  // Only registerEndpoint's tenant transactions confirm a cached session (its proof): other callers resolve it.
  const hit = opts.cached && level === 'enterprise' ? cachedSession(token) : undefined;
  const session = hit?.session ?? (await resolveSession(deps.db, token));
  if (!session) throw new AppError('NOT_LOGGED_IN');
  if (level === 'operator') {
    if (session.kind !== 'operator') throw new AppError('FORBIDDEN');
    return { session };
  }
  if (session.kind !== 'enterprise') throw new AppError('FORBIDDEN');
  if (level === 'session') return { session };

  if (!session.enterpriseUuid) throw new AppError('ENTERPRISE_UNAVAILABLE');
  assertEndpointAccess(permission, session);
  const tenant: TenantContext = {
    enterpriseUuid: session.enterpriseUuid,
    userId: session.userId,
    permissions: session.permissions,
    dataScope: session.dataScope,
    unconfigured: session.unconfigured,
    ip: req.ip,
  };
  return hit ? { session, tenant, proof: hit.proof } : { session, tenant };
}

/**
 * The caller of a route registered by hand (multipart uploads, file downloads), checked like
 * registerEndpoint checks it: 'session' is an enterprise-end session as for contract endpoints of that
 * level; 'anyKind' also admits operator sessions (operators read the files they audit).
 */
export async function authenticateSession(
  deps: AppDeps,
  req: FastifyRequest,
  level: 'session' | 'anyKind',
): Promise<SessionContext> {
  if (level === 'session')
    return ((await authenticate(deps, req, 'session', [])) as { session: SessionContext }).session;
  const token = bearerToken(req.headers.authorization);
  const session = token ? await resolveSession(deps.db, token) : null;
  if (!session) throw new AppError('NOT_LOGGED_IN');
  return session;
}

/**
 * The caller of an enterprise endpoint registered by hand (multipart imports, workbook downloads), checked
 * exactly as registerEndpoint checks it: a usable enterprise and one of the endpoint's permission codes.
 */
export async function authenticateTenant(
  deps: AppDeps,
  req: FastifyRequest,
  ep: Pick<TEndpoint, 'permission'>,
): Promise<{ session: SessionContext; tenant: TenantContext }> {
  return (await authenticate(deps, req, 'enterprise', permissionCodes(ep))) as {
    session: SessionContext;
    tenant: TenantContext;
  };
}

/** The success envelope in the request's language. */
export function successEnvelope(meta: RequestMeta, data: unknown) {
  return { code: ERRORS.SUCCESS.code, msg: ERRORS.SUCCESS[meta.lang], data: data ?? null };
}

/** The tenant transaction of a handler; a KeepWritesError commits it and is answered afterwards. */
async function inTenant(
  deps: AppDeps,
  tenant: TenantContext,
  proof: SessionProof | undefined,
  run: (db: Db) => Promise<unknown>,
  reads: boolean,
) {
  const outcome = await withTenant(
    deps.db,
    tenant,
    async (db) => {
      try {
        return { data: await run(db) };
      } catch (err) {
        if (err instanceof KeepWritesError) return { error: err };
        throw err;
      }
    },
    proof,
    { reads },
  );
  if ('error' in outcome) throw outcome.error;
  return outcome.data;
}

/** The caller of each request, found before its body is parsed (see registerEndpoint). */
const callers = new WeakMap<FastifyRequest, Record<string, unknown>>();

/**
 * Registers a contract endpoint: caller authenticated and its permission code checked first (before the
 * body is parsed, so an unauthorised caller gets 401/403 whatever it sends and learns nothing of the
 * input), then input validated with its schema (body for POST, query for GET), output wrapped in the
 * envelope.
 */
export function registerEndpoint<E extends TEndpoint>(
  app: FastifyInstance,
  deps: AppDeps,
  ep: E,
  handler: Handler<E>,
): void {
  // Signed gateway requests are verified by modules/gateway-key (routes.ts), never as a session.
  if (ep.auth === 'gateway')
    throw new Error(`${ep.path}: gateway endpoints are registered by modules/gateway-key`);
  // Paths with `:name` segments take their input there (GET /public/ledger/blocks/:height).
  const inputKey = ep.path.includes('/:') ? 'params' : ep.method === 'GET' ? 'querystring' : 'body';
  app.route({
    method: ep.method,
    url: `${API_BASE}${ep.path}`,
    schema: {
      [inputKey]: ep.input,
      response: { 200: ZEnvelope(ep.output) },
      tags: [ep.tag],
      summary: ep.summary,
      description: ep.permission
        ? `Permission code (any of): \`${permissionCodes(ep).join('`, `')}\``
        : undefined,
      ...(ep.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    onRequest: async (req) => {
      callers.set(req, await authenticate(deps, req, ep.auth, permissionCodes(ep), { cached: true }));
    },
    handler: async (req, reply) => {
      const meta = requestMeta(req);
      const input = inputKey === 'body' ? req.body : inputKey === 'params' ? req.params : req.query;
      const call = handler as (input: unknown, ctx: unknown) => Promise<unknown>;
      const { proof, ...auth } = (callers.get(req) ?? {}) as { tenant?: TenantContext; proof?: SessionProof };
      const inTenantOf = (caller: Record<string, unknown>, tenant: TenantContext, check?: SessionProof) =>
        inTenant(
          deps,
          tenant,
          check,
          (db) => call(input, { meta, req, reply, db, ...caller }),
          ep.reads === true,
        );
      let data: unknown;
      if (!auth.tenant) data = await call(input, { meta, req, reply, db: deps.db, ...auth });
      else {
        try {
          data = await inTenantOf(auth, auth.tenant, proof);
        } catch (err) {
          if (!(err instanceof PreludeRefused)) throw err;
          // The cached session no longer holds: authenticated again from the database, which answers the
          // revocation, the disabling or the missing permission as it would have before the cache.
          forgetSession(bearerToken(req.headers.authorization) ?? '');
          const fresh = await authenticate(deps, req, ep.auth, permissionCodes(ep));
          data = await inTenantOf(fresh, (fresh as { tenant: TenantContext }).tenant);
        }
      }
      return successEnvelope(meta, data);
    },
  });
}
