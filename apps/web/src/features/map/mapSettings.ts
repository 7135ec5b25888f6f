import type { TMapSettings } from '@tracehub/contract';

// The map configuration the server answers (contract map.ts, /map/settings): the primary service's script
// (the Bing type unless its URL names amap or mapbox), the Amap-type fallback, and the primary's key.
export type { TMapProvider, TMapSettings } from '@tracehub/contract';

/** The default: the bundled Natural Earth basemap, which works without keys or network. */
export const OFFLINE_MAP_SETTINGS: TMapSettings = Object.freeze({
  provider: 'offline',
  scriptUrl: '',
  fallbackUrl: '',
  key: '',
});

/** Whether a map service is configured that can answer driving routes (the offline basemap cannot). */
export function canRoute(settings: TMapSettings): boolean {
  return settings.provider !== 'offline' && settings.scriptUrl.trim() !== '';
}
