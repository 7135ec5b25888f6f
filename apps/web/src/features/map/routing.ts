import { z } from 'zod';
import type { TLang } from '@tracehub/contract';
import type { TLngLat } from './curve';
import type { TMapSettings } from './mapSettings';
import { inPolygons, loadBasemap, type TPolygons } from './naturalEarth';
import { bingLocale, loadMapProvider, loadWithTimeout, mapTypeOfUrl, type TMapType } from './providerLoader';

export type TRoutingService = 'amap' | 'bing' | 'mapbox';

/** How long one driving route may take before it counts as failed. */
const ROUTE_TIMEOUT_MS = 15_000;

/** A position counts as in the Amap region within this many degrees of it (~10 km): the 1:50m coast is coarse. */
const REGION_TOLERANCE_DEG = 0.1;

/**
 * The service that routes a drive (spec: "China uses one map service and other regions use a global one"):
 * the Amap type when both ends lie in its region and it is the chosen type or configured as the fallback;
 * elsewhere the chosen type (Bing and Mapbox route worldwide; Amap chosen abroad reports its failure). Null
 * when no map script loaded.
 */
export function routingServiceFor(
  chosen: TMapType,
  bothInAmapRegion: boolean,
  amapConfigured: boolean,
): TRoutingService | null {
  if (chosen === 'offline') return null;
  if (bothInAmapRegion && (chosen === 'amap' || amapConfigured)) return 'amap';
  return chosen;
}

/** The configured Amap-type script: the primary one when its URL names amap, else the fallback. */
function amapScriptUrl(settings: TMapSettings): string {
  return (mapTypeOfUrl(settings.scriptUrl) === 'amap' ? settings.scriptUrl : settings.fallbackUrl).trim();
}

export function inAmapRegion([lng, lat]: TLngLat, region: TPolygons): boolean {
  const x = ((((lng + 180) % 360) + 360) % 360) - 180;
  const d = REGION_TOLERANCE_DEG;
  const around: TLngLat[] = [
    [x, lat],
    [x - d, lat],
    [x + d, lat],
    [x, lat - d],
    [x, lat + d],
  ];
  return around.some((p) => inPolygons(p, region));
}

/** Bing's driving route by least time (spec), its path in the console's language. */
export function bingRouteUrl(from: TLngLat, to: TLngLat, key: string, lang: TLang): string {
  const query = new URLSearchParams({
    'wp.0': `${from[1]},${from[0]}`,
    'wp.1': `${to[1]},${to[0]}`,
    optimize: 'time',
    routeAttributes: 'routePath',
    c: bingLocale(lang),
    key,
  });
  return `https://dev.virtualearth.net/REST/v1/Routes/Driving?${query}`;
}

/** Mapbox's driving profile (it minimises time), the whole path as GeoJSON. */
export function mapboxRouteUrl(from: TLngLat, to: TLngLat, key: string): string {
  const query = new URLSearchParams({ geometries: 'geojson', overview: 'full', access_token: key });
  return `https://api.mapbox.com/directions/v5/mapbox/driving/${from[0]},${from[1]};${to[0]},${to[1]}?${query}`;
}

const pair = z.tuple([z.number(), z.number()]);
const bingAnswer = z.object({
  resourceSets: z.array(
    z.object({
      resources: z.array(
        z.object({ routePath: z.object({ line: z.object({ coordinates: z.array(pair) }) }) }),
      ),
    }),
  ),
});
const mapboxAnswer = z.object({
  routes: z.array(z.object({ geometry: z.object({ coordinates: z.array(pair) }) })),
});

/** The path of a Bing answer (Bing writes latitude first). */
export function parseBingRoute(answer: unknown): TLngLat[] {
  const path = bingAnswer.parse(answer).resourceSets[0]?.resources[0]?.routePath.line.coordinates ?? [];
  return path.map(([lat, lng]) => [lng, lat]);
}

export function parseMapboxRoute(answer: unknown): TLngLat[] {
  return (mapboxAnswer.parse(answer).routes[0]?.geometry.coordinates ?? []).map(([lng, lat]) => [lng, lat]);
}

async function fetchRoute(url: string, parse: (answer: unknown) => TLngLat[]): Promise<TLngLat[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(ROUTE_TIMEOUT_MS), credentials: 'omit' });
  if (!response.ok) throw new Error(`routing answered ${response.status}`);
  return parse(await response.json());
}

// The part of the Amap JS API (v1.4 and v2) that routes.
interface TAmapLngLat {
  lng: number;
  lat: number;
}
interface TAmapDrivingResult {
  routes?: { steps?: { path?: TAmapLngLat[] }[] }[];
}
interface TAmap {
  plugin: (name: string, ready: () => void) => void;
  DrivingPolicy: { LEAST_TIME: number };
  Driving: new (options: { policy: number }) => {
    search: (
      from: TLngLat,
      to: TLngLat,
      done: (status: string, result: TAmapDrivingResult | string) => void,
    ) => void;
  };
}

const amapGlobal = () => (window as unknown as { AMap?: TAmap }).AMap;

/**
 * Amap's driving route by least time. Its script is loaded when the chosen map type is another (the region
 * rule). Amap answers in GCJ-02 coordinates, some hundreds of metres from the basemap's WGS-84 in China:
 * invisible at the scales these maps show.
 */
async function amapRoute(settings: TMapSettings, from: TLngLat, to: TLngLat): Promise<TLngLat[]> {
  if (!amapGlobal() && !(await loadWithTimeout(amapScriptUrl(settings), {})))
    throw new Error('the Amap script did not load');
  const AMap = amapGlobal();
  if (!AMap) throw new Error('the Amap script has no AMap');
  const route = new Promise<TLngLat[]>((resolve, reject) => {
    AMap.plugin('AMap.Driving', () => {
      const driving = new AMap.Driving({ policy: AMap.DrivingPolicy.LEAST_TIME });
      driving.search(from, to, (status, result) => {
        const steps =
          status === 'complete' && typeof result === 'object' ? result.routes?.[0]?.steps : undefined;
        const path = (steps ?? []).flatMap((step) => (step.path ?? []).map((p): TLngLat => [p.lng, p.lat]));
        if (path.length > 1) resolve(path);
        else reject(new Error(`Amap driving: ${status}`));
      });
    });
  });
  let timer: number | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error('Amap driving timed out')), ROUTE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([route, timeout]);
  } finally {
    window.clearTimeout(timer);
  }
}

/**
 * The driving route from `from` to `to` by least time. The map scripts are loaded first (the spec's loader,
 * which records the chosen type), then the region rule picks the service. Rejects when no map script loaded,
 * the service fails or finds no route: the caller shows "failed to get driving data" and keeps the curve.
 */
export async function drivingRoute(
  settings: TMapSettings,
  from: TLngLat,
  to: TLngLat,
  lang: TLang,
): Promise<TLngLat[]> {
  const [chosen, { amapRegion }] = await Promise.all([loadMapProvider(settings, { lang }), loadBasemap()]);
  const inRegion = inAmapRegion(from, amapRegion) && inAmapRegion(to, amapRegion);
  const service = routingServiceFor(chosen, inRegion, amapScriptUrl(settings) !== '');
  let path: TLngLat[];
  if (service === 'amap') path = await amapRoute(settings, from, to);
  else if (service === 'bing')
    path = await fetchRoute(bingRouteUrl(from, to, settings.key, lang), parseBingRoute);
  else if (service === 'mapbox')
    path = await fetchRoute(mapboxRouteUrl(from, to, settings.key), parseMapboxRoute);
  else throw new Error('no map script loaded: no routing service');
  if (path.length < 2) throw new Error('the routing service found no route');
  return path;
}
