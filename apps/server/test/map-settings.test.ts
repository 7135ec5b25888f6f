import { describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import { mapProviderOf } from '@tracehub/contract';
import { loadConfig } from '../src/config.ts';
import { mapOrigins } from '../src/modules/map/public.ts';
import { mapSettings } from '../src/modules/map/settings.ts';
import { consoleHtml } from '../src/platform/security-headers.ts';

// Map services come from configuration (issue 18 item 4): none by default (the offline basemap, and a
// console policy that allows no other origin); configured ones are named to the console with the type their
// URL says (spec 7) and their origins join the policy's script, style, image and connection sources.

/** The policy header consoleHtml sets, read through a stand-in reply. */
function policyOf(origins: string[]): string {
  const headers = new Map<string, string>();
  const reply = {
    header: (name: string, value: string) => headers.set(name, value),
  } as unknown as FastifyReply;
  consoleHtml(reply, '<html></html>', origins);
  return headers.get('content-security-policy') ?? '';
}

describe('map settings', () => {
  it('is the offline basemap by default, with no other origin in the console policy', () => {
    const config = loadConfig({});
    expect(mapSettings(config)).toEqual({ provider: 'offline', scriptUrl: '', fallbackUrl: '', key: '' });
    expect(mapOrigins(config)).toEqual([]);
    expect(policyOf(mapOrigins(config))).toContain("script-src 'self';");
  });

  it('names the type each URL says and lets the console load from the configured origins', () => {
    const config = loadConfig({
      MAP_SCRIPT_URL: 'https://www.bing.com/api/maps/mapcontrol?callback=init',
      MAP_FALLBACK_URL: 'https://webapi.amap.com/maps?v=2.0&key=abc',
      MAP_KEY: 'k',
    });
    expect(mapSettings(config)).toMatchObject({ provider: 'bing', key: 'k' });
    expect(mapProviderOf('https://webapi.amap.com/maps?v=2.0')).toBe('amap');
    expect(mapProviderOf('https://api.mapbox.com/mapbox-gl-js/v3.0.0/mapbox-gl.js')).toBe('mapbox');
    const policy = policyOf(mapOrigins(config));
    for (const directive of ['script-src', 'img-src', 'connect-src'])
      expect(policy).toMatch(
        new RegExp(`${directive} [^;]*https://www\\.bing\\.com [^;]*https://webapi\\.amap\\.com`),
      );
    expect(policy).not.toContain('unsafe-eval');
  });
});
