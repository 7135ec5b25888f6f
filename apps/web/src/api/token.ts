import Cookies from 'js-cookie';

/** Fixed cookie key of the session token (spec 7, "kept in a browser cookie under a fixed key"). */
export const TOKEN_COOKIE = 'tracehub_token';
/**
 * The operator end's session lives in its own cookie: an operator session and an enterprise session are
 * different kinds of sign-in, and keeping them apart lets each end's guard ask only for its own.
 */
export const OPERATOR_TOKEN_COOKIE = 'tracehub_operator_token';

/** Which end a token belongs to; an endpoint's auth level says which one it expects. */
export type TSessionKind = 'enterprise' | 'operator';

const cookieOf = (kind: TSessionKind) => (kind === 'operator' ? OPERATOR_TOKEN_COOKIE : TOKEN_COOKIE);

export function getToken(kind: TSessionKind = 'enterprise'): string | undefined {
  return Cookies.get(cookieOf(kind));
}

/**
 * The token cookie is only read by this page's scripts, which send it as a bearer header: the server never
 * reads cookies, so no other site can make a browser use it. Secure over TLS, so it never travels in clear.
 */
export function setToken(token: string, kind: TSessionKind = 'enterprise'): void {
  Cookies.set(cookieOf(kind), token, {
    path: '/',
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
  });
}

export function removeToken(kind: TSessionKind = 'enterprise'): void {
  Cookies.remove(cookieOf(kind), { path: '/' });
}
