import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

/**
 * The placeholder Vite writes into index.html (`html.cspNonce` in apps/web/vite.config.ts): on every
 * script, stylesheet link and a `<meta property="csp-nonce">` that the console reads to give antd's
 * CSS-in-JS the same nonce. Replaced per response by consoleHtml.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The console's policy. Scripts: only our own files (no inline script, no eval). Style elements: our own
 * files and those carrying this response's nonce (antd inserts <style> elements at run time). Style
 * attributes stay allowed: React and antd position popups through them, and CSS cannot run script.
 */
function consolePolicy(nonce: string, extraOrigins: readonly string[]): string {
  const extra = extraOrigins.map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    `style-src 'self' 'nonce-${nonce}'${extra}`,
    `style-src-elem 'self' 'nonce-${nonce}'${extra}`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Everything else the server sends (JSON, files, assets) is never a document that may run anything. */
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A served copy of the console's index.html with a fresh nonce in the page and in its policy header;
 * `extraOrigins` are the configured map services' (none by default).
 */
export function consoleHtml(
  reply: FastifyReply,
  template: string,
  extraOrigins: readonly string[] = [],
): string {
  const nonce = randomBytes(16).toString('base64');
  reply.header('content-security-policy', consolePolicy(nonce, extraOrigins));
  // index.html is small and changes with every deployment: never cached, so a new build is picked up.
  reply.header('cache-control', 'no-store');
  return template.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
}

/**
 * Browser security headers on every response (helmet): a restrictive policy for everything but the console
 * page, no framing, no MIME sniffing, no full referrer to other sites, isolation from cross-origin openers;
 * HSTS only when the request arrived over TLS (directly or, with TRUST_PROXY, through a proxy that says so),
 * as a browser ignores it over plain HTTP and a wrong one would lock a site out of HTTP for a year.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('content-security-policy', RESOURCE_POLICY);
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    if (req.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
