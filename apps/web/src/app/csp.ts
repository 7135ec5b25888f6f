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
 * antd passes the nonce to its CSS-in-JS (ConfigProvider `csp`), but a few rc-component helpers (the modal
 * scroll lock, the scrollbar measurement) create <style> elements without it. Every style element our
 * scripts create carries the nonce; style markup injected into the page still has none and stays blocked.
 */
if (cspNonce) {
  const createElement = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = createElement(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = cspNonce;
    return element;
  }) as typeof document.createElement;
}
