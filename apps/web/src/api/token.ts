import Cookies from 'js-cookie';

/** Fixed cookie key of the session token (spec 7, "kept in a browser cookie under a fixed key"). */
export const TOKEN_COOKIE = 'tracehub_token';

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE);
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { path: '/', sameSite: 'lax' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
