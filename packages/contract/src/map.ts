import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/*
 * Maps (spec 7 "Maps", 2.4 trajectory, supplier and business maps; issue 18 item 4). The console draws an
 * offline Natural Earth basemap that needs neither keys nor network, the default; a deployment may name map
 * services whose scripts the console then loads (Bing type first, the Amap type after 2 s or an error).
 */

export const MAP_PROVIDERS = ['offline', 'bing', 'amap', 'mapbox'] as const;
export type TMapProvider = (typeof MAP_PROVIDERS)[number];

/**
 * The map configuration of the deployment: `scriptUrl` the primary service's script (the Bing type unless
 * the URL names amap or mapbox), `fallbackUrl` the Amap-type script, `key` the primary service's key for its
 * routing requests. No script URL: the offline basemap.
 */
export const ZMapSettings = z.object({
  provider: z.enum(MAP_PROVIDERS),
  scriptUrl: z.string(),
  fallbackUrl: z.string(),
  key: z.string(),
});
export type TMapSettings = z.infer<typeof ZMapSettings>;

/** The type a script URL names (spec 7): amap or mapbox when it says so, the Bing type otherwise. */
export function mapProviderOf(url: string): TMapProvider {
  if (!url.trim()) return 'offline';
  const lower = url.toLowerCase();
  if (lower.includes('amap')) return 'amap';
  if (lower.includes('mapbox')) return 'mapbox';
  return 'bing';
}

/** The shipments page's action opening the logistics trajectory map (spec 6). */
export const TRAJECTORY_CODE = 'LogisticsTrans:ViewTrajectory';
/** The supply-chain network's action opening the supplier information map (spec 6). */
export const SUPPLIER_MAP_CODE = 'VisualChain:SupplierMap';
/** The actions whose maps need the settings. */
export const MAP_CODES = [TRAJECTORY_CODE, SUPPLIER_MAP_CODE] as const;

export const mapEndpoints = {
  settings: endpoint({
    method: 'POST',
    path: '/map/settings',
    input: z.object({}),
    output: ZMapSettings,
    reads: true,
    auth: 'enterprise',
    permission: [...MAP_CODES],
    tag: 'map',
    summary:
      'The map services the console may load (MAP_SCRIPT_URL, MAP_FALLBACK_URL, MAP_KEY); provider offline when none is configured',
  }),
};
