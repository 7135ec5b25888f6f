/**
 * What the console needs to run under the server's Content-Security-Policy (apps/server security-headers.ts):
 * no script but our own files, and style elements only with this page's nonce (Zod's part must run before
 * any module and is public/zod-jitless.js).
 */

/**
 * This page's nonce, which the server writes into `<meta property="csp-nonce">` (Vite's `html.cspNonce`).
 * Browsers hide the attribute from getAttribute once parsed; the `nonce` property keeps it.
 */
export const cspNonce: string | undefined =
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

/**
 * antd passes the nonce to its CSS-in-JS (ConfigProvider `csp`), but some rc-component parts create style
 * elements without it: the modal scroll lock and the scrollbar measurement through the DOM, the progress
 * bars' keyframes as a React <style> (inside an <svg> for the circle). Every style element our scripts
 * create, HTML or SVG, carries the nonce; style markup injected into the page still has none and stays
 * blocked.
 */
if (cspNonce) {
  const withNonce = <E extends Element>(element: E): E => {
    if (element instanceof HTMLStyleElement || element instanceof SVGStyleElement) element.nonce = cspNonce;
    return element;
  };
  const createElement = document.createElement.bind(document);
  const createElementNS = document.createElementNS.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) =>
    withNonce(createElement(tagName, options))) as typeof document.createElement;
  document.createElementNS = ((
    namespace: string | null,
    qualifiedName: string,
    options?: ElementCreationOptions,
  ) => withNonce(createElementNS(namespace, qualifiedName, options))) as typeof document.createElementNS;
}
