import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_MAP_SETTINGS, type TMapSettings } from '../src/features/map/mapSettings';
import {
  MAP_LOAD_TIMEOUT_MS,
  bingLocale,
  chosenMapType,
  loadMapProvider,
  loadWithTimeout,
  mapTypeOfUrl,
  resetChosenMapType,
  withBingLocale,
  type TLoadScript,
  type TLoaderTimers,
} from '../src/features/map/providerLoader';
import {
  bingRouteUrl,
  mapboxRouteUrl,
  parseBingRoute,
  parseMapboxRoute,
  routingServiceFor,
} from '../src/features/map/routing';

const BING = 'https://www.bing.com/api/maps/mapcontrol?key=b';
const AMAP = 'https://webapi.amap.com/maps?v=2.0&key=a';
const MAPBOX = 'https://api.mapbox.com/mapbox-gl-js/v3.0.0/mapbox-gl.js';
const settings = (scriptUrl: string, fallbackUrl = AMAP): TMapSettings => ({
  provider: mapTypeOfUrl(scriptUrl),
  scriptUrl,
  fallbackUrl,
  key: 'k',
});

type TBehaviour = { ok: number } | { fail: number } | 'hang';

/** A loadScript that answers each URL (by its start) as told, and records what it was asked and when. */
function fakeLoader(behaviours: Record<string, TBehaviour>) {
  const calls: { url: string; at: number; signal: AbortSignal }[] = [];
  const loadScript: TLoadScript = (url, signal) => {
    calls.push({ url, at: Date.now(), signal });
    const behaviour = Object.entries(behaviours).find(([start]) => url.startsWith(start))?.[1] ?? 'hang';
    return new Promise<void>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')));
      if (behaviour === 'hang') return;
      if ('ok' in behaviour) setTimeout(resolve, behaviour.ok);
      else setTimeout(() => reject(new Error('load error')), behaviour.fail);
    });
  };
  return { loadScript, calls };
}

// Injected timers, counted: the loader must use these and not others.
const timers: TLoaderTimers & { started: number[] } = {
  started: [],
  setTimeout: (run, ms) => {
    timers.started.push(ms);
    return setTimeout(run, ms);
  },
  clearTimeout: (id) => clearTimeout(id),
};

/** Runs the loader with fake timers to the end; `ms` is how far to advance. */
async function run(s: TMapSettings, loadScript: TLoadScript, ms = 10_000, lang: 'zh' | 'en' = 'zh') {
  const result = loadMapProvider(s, { lang, loadScript, timers });
  await vi.advanceTimersByTimeAsync(ms);
  return result;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  resetChosenMapType();
  timers.started = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('map provider loader (spec: Bing first, Amap after 2 s or an error)', () => {
  it('waits 2,000 ms for a map script', () => {
    expect(MAP_LOAD_TIMEOUT_MS).toBe(2000);
  });

  it('uses the Bing type when its script loads, asking for the console language', async () => {
    const { loadScript, calls } = fakeLoader({ [BING]: { ok: 500 } });
    await expect(run(settings(BING), loadScript)).resolves.toBe('bing');
    expect(calls.map((c) => c.url)).toEqual([`${BING}&setMkt=zh-cn`]);
    expect(calls[0]?.signal.aborted).toBe(false);
    expect(timers.started).toEqual([2000]);
    expect(chosenMapType()).toBe('bing');
  });

  it('falls back to the Amap type when Bing has not loaded after 2,000 ms', async () => {
    const { loadScript, calls } = fakeLoader({ [BING]: 'hang', [AMAP]: { ok: 300 } });
    const result = loadMapProvider(settings(BING), { lang: 'en', loadScript, timers });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    expect(chosenMapType()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => [c.url, c.at])).toEqual([
      [`${BING}&setMkt=en-us`, 0],
      [AMAP, 2000],
    ]);
    // The script given up on is aborted: the browser loader removes its element, no promise is left waiting.
    expect(calls[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    await expect(result).resolves.toBe('amap');
    expect(chosenMapType()).toBe('amap');
  });

  it('falls back to the Amap type at once when the Bing script fails', async () => {
    const { loadScript, calls } = fakeLoader({ [BING]: { fail: 40 }, [AMAP]: { ok: 10 } });
    await expect(run(settings(BING), loadScript)).resolves.toBe('amap');
    expect(calls.map((c) => [c.url, c.at])).toEqual([
      [`${BING}&setMkt=zh-cn`, 0],
      [AMAP, 40],
    ]);
  });

  it('uses the Amap type directly when the script URL names amap', async () => {
    const { loadScript, calls } = fakeLoader({ [AMAP]: { ok: 10 } });
    await expect(run(settings(AMAP, ''), loadScript)).resolves.toBe('amap');
    expect(calls.map((c) => c.url)).toEqual([AMAP]);
    expect(chosenMapType()).toBe('amap');
  });

  it('uses the Mapbox type directly when the script URL names mapbox', async () => {
    const { loadScript, calls } = fakeLoader({ [MAPBOX]: { ok: 10 } });
    await expect(run(settings(MAPBOX), loadScript)).resolves.toBe('mapbox');
    expect(calls.map((c) => c.url)).toEqual([MAPBOX]);
    expect(chosenMapType()).toBe('mapbox');
  });

  it('names the type by the URL, whatever its case', () => {
    expect(mapTypeOfUrl('https://webapi.AMap.com/maps')).toBe('amap');
    expect(mapTypeOfUrl('https://api.MAPBOX.com/x.js')).toBe('mapbox');
    expect(mapTypeOfUrl('https://www.bing.com/api/maps/mapcontrol')).toBe('bing');
    expect(mapTypeOfUrl('/maps/provider.js')).toBe('bing');
  });

  it('uses the offline basemap when every script fails', async () => {
    const { loadScript, calls } = fakeLoader({ [BING]: { fail: 5 }, [AMAP]: 'hang' });
    const result = loadMapProvider(settings(BING), { lang: 'zh', loadScript, timers });
    await vi.advanceTimersByTimeAsync(5 + 1999);
    expect(chosenMapType()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('offline');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.signal.aborted).toBe(true);
    expect(chosenMapType()).toBe('offline');
  });

  it('uses the offline basemap when a named provider fails, and without a fallback URL', async () => {
    const mapbox = fakeLoader({ [MAPBOX]: { fail: 1 } });
    await expect(run(settings(MAPBOX), mapbox.loadScript)).resolves.toBe('offline');
    expect(mapbox.calls).toHaveLength(1);
    resetChosenMapType();
    const bing = fakeLoader({ [BING]: 'hang' });
    await expect(run(settings(BING, ''), bing.loadScript)).resolves.toBe('offline');
    expect(bing.calls).toHaveLength(1);
  });

  it('loads nothing for the offline configuration, the default', async () => {
    const { loadScript, calls } = fakeLoader({});
    await expect(run(OFFLINE_MAP_SETTINGS, loadScript)).resolves.toBe('offline');
    await expect(run({ ...settings(BING), scriptUrl: '  ' }, loadScript)).resolves.toBe('offline');
    expect(calls).toEqual([]);
    expect(chosenMapType()).toBe('offline');
  });

  it('records the chosen type once for the page: concurrent callers share one attempt; reset forgets it', async () => {
    const { loadScript, calls } = fakeLoader({ [BING]: { ok: 100 } });
    const first = loadMapProvider(settings(BING), { lang: 'zh', loadScript, timers });
    const second = loadMapProvider(settings(BING), { lang: 'en', loadScript, timers });
    expect(second).toBe(first);
    await vi.advanceTimersByTimeAsync(100);
    await expect(first).resolves.toBe('bing');
    expect(calls).toHaveLength(1);
    resetChosenMapType();
    expect(chosenMapType()).toBeNull();
  });

  it('treats a loader that throws as a failed load', async () => {
    const throwing: TLoadScript = () => {
      throw new Error('no document');
    };
    const result = loadWithTimeout(BING, { loadScript: throwing, timers });
    await expect(result).resolves.toBe(false);
  });
});

describe('Bing locale and driving routes', () => {
  it('maps the console language to the Bing-style locale', () => {
    expect(bingLocale('zh')).toBe('zh-cn');
    expect(bingLocale('en')).toBe('en-us');
    expect(withBingLocale('https://www.bing.com/api/maps/mapcontrol', 'en')).toBe(
      'https://www.bing.com/api/maps/mapcontrol?setMkt=en-us',
    );
    expect(withBingLocale(`${BING}&setMkt=ja-jp`, 'zh')).toBe(`${BING}&setMkt=ja-jp`);
  });

  it('routes in China with the Amap type and elsewhere with the chosen global service', () => {
    expect(routingServiceFor('bing', true, true)).toBe('amap');
    expect(routingServiceFor('bing', true, false)).toBe('bing');
    expect(routingServiceFor('bing', false, true)).toBe('bing');
    expect(routingServiceFor('mapbox', false, true)).toBe('mapbox');
    expect(routingServiceFor('amap', true, false)).toBe('amap');
    expect(routingServiceFor('amap', false, false)).toBe('amap');
    expect(routingServiceFor('offline', true, true)).toBeNull();
  });

  it('asks for the least-time driving route', () => {
    const bing = new URL(bingRouteUrl([121.47, 31.23], [116.4, 39.9], 'key', 'en'));
    expect(bing.pathname).toBe('/REST/v1/Routes/Driving');
    expect(bing.searchParams.get('wp.0')).toBe('31.23,121.47');
    expect(bing.searchParams.get('wp.1')).toBe('39.9,116.4');
    expect(bing.searchParams.get('optimize')).toBe('time');
    expect(bing.searchParams.get('c')).toBe('en-us');
    const mapbox = new URL(mapboxRouteUrl([2.35, 48.86], [13.4, 52.52], 'token'));
    expect(mapbox.pathname).toBe('/directions/v5/mapbox/driving/2.35,48.86;13.4,52.52');
    expect(mapbox.searchParams.get('access_token')).toBe('token');
  });

  it('reads the route paths in [lng, lat] order', () => {
    const line = {
      coordinates: [
        [31.2, 121.4],
        [31.3, 121.5],
      ],
    };
    expect(parseBingRoute({ resourceSets: [{ resources: [{ routePath: { line } }] }] })).toEqual([
      [121.4, 31.2],
      [121.5, 31.3],
    ]);
    expect(
      parseMapboxRoute({
        routes: [
          {
            geometry: {
              coordinates: [
                [2, 48],
                [3, 49],
              ],
            },
          },
        ],
      }),
    ).toEqual([
      [2, 48],
      [3, 49],
    ]);
    expect(() => parseBingRoute({ error: 'denied' })).toThrow();
  });
});
