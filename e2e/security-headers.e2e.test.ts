import { describe, expect, it } from 'vitest';
import { screenshot, type TLang } from './support/browser';
import { AUTOMAKER, signIn } from './support/flows';
import { useHarness } from './support/harness';

/** The nonce a Content-Security-Policy header allows for style elements. */
function styleNonceOf(policy: string): string | null {
  return /style-src-elem [^;]*'nonce-([^']+)'/.exec(policy)?.[1] ?? null;
}

/**
 * Finding 5 of the security review: the console and the API send browser security headers, and the
 * console's policy (no inline script, style elements only with the response's nonce) still lets antd's
 * CSS-in-JS style every screen.
 */
describe('browser security headers', () => {
  const h = useHarness();

  it('sends a nonce-based policy with the console page and a closed one with everything else', async () => {
    const base = h.server().baseUrl;
    const pages = await Promise.all(['/', '/login', '/workbench'].map((p) => fetch(`${base}${p}`)));
    const nonces = new Set<string>();
    for (const res of pages) {
      expect(res.status).toBe(200);
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      expect(policy).toContain("frame-ancestors 'none'");
      const nonce = styleNonceOf(policy);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      // The page carries the same nonce, on its tags and in the meta tag the console reads.
      const html = await res.text();
      expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}"`);
      expect(html).not.toContain('__CSP_NONCE__');
      nonces.add(nonce!);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cache-control')).toBe('no-store');
      // Plain HTTP: no HSTS (a browser ignores it here, and a proxy that terminates TLS must say so).
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    // A fresh nonce per response: one seen in a page is of no use for another.
    expect(nonces.size).toBe(pages.length);

    const api = await fetch(`${base}/api/health`);
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    // The raw template is never served.
    expect(await (await fetch(`${base}/index.html`)).text()).not.toContain('__CSP_NONCE__');
  });

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    it(`styles every screen under the policy and refuses injected scripts (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
        );
      });
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      // antd's CSS-in-JS is in force: the primary colour reaches a primary button.
      await page.goto('/basicData/project');
      const create = page.getByTestId('toolbar-create');
      await create.waitFor();
      const background = await create.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background).not.toMatch(/^rgba?\(0, 0, 0, 0\)$|^transparent$/);
      // A dialog (portal, scroll lock, motion) styles under the policy too.
      await create.click();
      await page.getByRole('dialog').waitFor();
      await screenshot(page, `csp-dialog-${lang}`);

      const injected = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.injectedRan = true';
        document.body.append(script);
        return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
      });
      expect(injected).toBe(false);
      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      // The injected script is the only thing the policy stopped (no eval probe, no unstyled element).
      expect(violations.map((v) => v.split(' ').slice(0, 2).join(' '))).toEqual(['script-src-elem inline']);
      expect(errors.filter((e) => !/Content Security Policy/.test(e))).toEqual([]);
    });
  }
});
