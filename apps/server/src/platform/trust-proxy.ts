import { isIP } from 'node:net';

/** What Fastify's `trustProxy` is given: trust no peer, every peer, or the listed addresses and ranges. */
export type TTrustProxy = boolean | string[];

/** proxy-addr's named ranges, which Fastify accepts in the list. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return false;
  if (slash === -1) return true;
  const prefix = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits > 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY. Unset or `false`: no forwarded header is trusted, a request's address is its socket's.
 * `true`: every peer is a trusted proxy (only when nothing can reach the server but the proxy).
 * Otherwise a comma-separated list of the proxies' addresses, CIDR ranges or the names loopback,
 * linklocal, uniquelocal: X-Forwarded-* is honoured only from a peer in the list. A hop count is refused:
 * Fastify 5 cannot tell from a count whether the immediate peer is a proxy, and treats it as trusting none.
 * Answers the value, or the problem as a sentence.
 */
export function parseTrustProxy(raw: string | undefined): { value: TTrustProxy } | string {
  const text = raw?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return { value: false };
  if (text === 'true') return { value: true };
  if (/^\d+$/.test(text)) {
    return "a hop count is not supported (Fastify cannot check that the peer is a proxy): list the proxies' addresses or CIDR ranges, or use true";
  }
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !validEntry(e));
  if (bad.length > 0) {
    return `must be true, false, or comma-separated IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal; not ${bad.map((b) => JSON.stringify(b)).join(', ')}`;
  }
  return { value: entries };
}
