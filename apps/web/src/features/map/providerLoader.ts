import { LIMITS, type TLang } from '@tracehub/contract';
import type { TMapProvider, TMapSettings } from './mapSettings';

/** How long a map script may take before the next one is tried (spec 9 "Map load timeout 2000 ms"). */
export const MAP_LOAD_TIMEOUT_MS = LIMITS.mapLoadTimeoutMs;

/** A script-loaded map type; 'offline' when none loaded and the bundled basemap is used. */
export type TMapType = TMapProvider;
type TScriptMapType = Exclude<TMapType, 'offline'>;

/** Loads one script; rejects on a load error, and gives up (removing the element) when `signal` aborts. */
export type TLoadScript = (url: string, signal: AbortSignal) => Promise<void>;

export interface TLoaderTimers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (id: never) => void;
}

export interface TLoaderOptions {
  lang: TLang;
  loadScript?: TLoadScript;
  timers?: TLoaderTimers;
}

/** The spec's rule: a URL naming amap is the Amap type, one naming mapbox the Mapbox type, else Bing. */
export function mapTypeOfUrl(url: string): TScriptMapType {
  const lower = url.toLowerCase();
  if (lower.includes('amap')) return 'amap';
  if (lower.includes('mapbox')) return 'mapbox';
  return 'bing';
}

/** The Bing-style locale of a console language. */
export function bingLocale(lang: TLang): 'zh-cn' | 'en-us' {
  return lang === 'en' ? 'en-us' : 'zh-cn';
}

/** A Bing script URL asking for the console's language and market (left alone when it names one). */
export function withBingLocale(url: string, lang: TLang): string {
  if (/[?&]setmkt=/i.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}setMkt=${bingLocale(lang)}`;
}

// The map type in use, recorded for the page (spec: "The chosen type is recorded globally"): routing and
// anything drawn with a provider's SDK read it. `pending` makes concurrent callers share one attempt.
let chosen: TMapType | null = null;
let pending: { key: string; result: Promise<TMapType> } | null = null;

/** The recorded map type, or null before loadMapProvider has settled. */
export function chosenMapType(): TMapType | null {
  return chosen;
}

/** Forgets the recorded type and any attempt in flight (tests; a changed configuration). */
export function resetChosenMapType(): void {
  chosen = null;
  pending = null;
}

/**
 * Loads the map script of the configuration and records the map type it gave: the offline basemap when no
 * script is configured; the Amap or Mapbox type directly when the script URL names it; otherwise the Bing
 * type first and, after MAP_LOAD_TIMEOUT_MS or a load error, the Amap-type fallback; the offline basemap
 * when every script failed. Never rejects. Scripts load once per page: later calls with the same URLs get
 * the first answer (in the language of that first call).
 */
export function loadMapProvider(settings: TMapSettings, options: TLoaderOptions): Promise<TMapType> {
  const key = `${settings.provider}|${settings.scriptUrl}|${settings.fallbackUrl}`;
  if (pending?.key === key) return pending.result;
  const result = chooseMapType(settings, options).then((type) => {
    if (pending?.key === key) chosen = type;
    return type;
  });
  pending = { key, result };
  return result;
}

async function chooseMapType(settings: TMapSettings, options: TLoaderOptions): Promise<TMapType> {
  const scriptUrl = settings.scriptUrl.trim();
  if (settings.provider === 'offline' || !scriptUrl) return 'offline';
  const attempt = (url: string) => loadWithTimeout(url, options);
  const type = mapTypeOfUrl(scriptUrl);
  if (type !== 'bing') return (await attempt(scriptUrl)) ? type : 'offline';
  if (await attempt(withBingLocale(scriptUrl, options.lang))) return 'bing';
  const fallbackUrl = settings.fallbackUrl.trim();
  if (fallbackUrl && (await attempt(fallbackUrl))) return 'amap';
  return 'offline';
}

/**
 * Whether one script loaded within MAP_LOAD_TIMEOUT_MS. At the timeout the load is aborted, so a script that
 * never answers leaves neither a pending promise nor its element behind.
 */
export function loadWithTimeout(url: string, options: Omit<TLoaderOptions, 'lang'>): Promise<boolean> {
  const loadScript = options.loadScript ?? loadScriptElement;
  const timers = options.timers ?? globalThis;
  const abort = new AbortController();
  return new Promise<boolean>((resolve) => {
    const timer = timers.setTimeout(() => {
      abort.abort();
      resolve(false);
    }, MAP_LOAD_TIMEOUT_MS);
    const settle = (loaded: boolean) => {
      timers.clearTimeout(timer as never);
      resolve(loaded);
    };
    let loading: Promise<void>;
    try {
      loading = loadScript(url, abort.signal);
    } catch {
      settle(false);
      return;
    }
    loading.then(
      () => settle(!abort.signal.aborted),
      () => settle(false),
    );
  });
}

/**
 * The browser's loader: a `<script src>` element (no eval), removed again when it fails or is given up on.
 * The page's Content-Security-Policy must allow the script's origin (script-src), or it fails like a
 * network error and the next choice is taken.
 */
export function loadScriptElement(url: string, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const script = document.createElement('script');
    const finish = (error?: Error) => {
      script.onload = null;
      script.onerror = null;
      signal.removeEventListener('abort', onAbort);
      if (!error) {
        resolve();
        return;
      }
      script.remove();
      reject(error);
    };
    const onAbort = () => finish(new Error(`map script timed out: ${url}`));
    script.onload = () => finish();
    script.onerror = () => finish(new Error(`map script failed: ${url}`));
    signal.addEventListener('abort', onAbort);
    script.async = true;
    script.src = url;
    document.head.appendChild(script);
  });
}
