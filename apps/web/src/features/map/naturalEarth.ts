import type { Geometry, Position } from 'geojson';
import type * as TopojsonClient from 'topojson-client';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';
import { nearestLng, type TLngLat } from './curve';

/** Positions of one ring or line. */
export type TPath = TLngLat[];
/** Polygons, each its outer ring then its holes (GeoJSON MultiPolygon coordinates). */
export type TPolygons = TPath[][];

/**
 * The offline basemap, in plane coordinates: no ring or line jumps across the antimeridian (rings that cross
 * it continue past ±180°, which MapLibre wraps and the SVG draws with copies), and the ring that goes round
 * a pole (Antarctica) is closed over that pole.
 */
export interface TBasemap {
  land: TPolygons;
  /** Borders between countries. */
  borders: TPath[];
  /** Where the Amap-type service routes (China, Hong Kong, Macao, Taiwan): the spec's "China" region. */
  amapRegion: TPolygons;
}

type TAtlas = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/**
 * Natural Earth numeric ids of the area the Amap-type service covers. Drawn as one area: no border line
 * between its parts, as the map services the spec names draw it.
 */
const AMAP_REGION_IDS = new Set(['156', '158', '344', '446']);

/** Rings that lie on a pole (the cut of Antarctica at -89.999°) are artefacts of the sphere: dropped. */
const POLE_ARTEFACT_LAT = 89.9;

let basemap: Promise<TBasemap> | null = null;

/**
 * The bundled Natural Earth 1:50m countries as plane GeoJSON coordinates, loaded once. The data (~750 kB,
 * ~200 kB compressed) is its own chunk, fetched from our own origin the first time a map is drawn.
 */
export function loadBasemap(): Promise<TBasemap> {
  basemap ??= Promise.all([import('topojson-client'), import('world-atlas/countries-50m.json')]).then(
    ([topojson, atlas]) => toBasemap(topojson, atlas.default as unknown as TAtlas),
    (error: unknown) => {
      basemap = null; // a failed chunk load (a new deployment) may be retried by the next map
      throw error;
    },
  );
  return basemap;
}

export function toBasemap(topojson: typeof TopojsonClient, atlas: TAtlas): TBasemap {
  const idOf = (g: GeometryObject) => String(g.id ?? '');
  const land = topojson
    .feature(atlas, atlas.objects.land)
    .features.flatMap((f) => planarPolygons(f.geometry));
  const sameArea = (a: GeometryObject, b: GeometryObject) =>
    a === b || (AMAP_REGION_IDS.has(idOf(a)) && AMAP_REGION_IDS.has(idOf(b)));
  const borders = topojson
    .mesh(atlas, atlas.objects.countries, (a, b) => !sameArea(a, b))
    .coordinates.flatMap((line) => planarLine(line));
  const region = atlas.objects.countries.geometries.filter((g) => AMAP_REGION_IDS.has(idOf(g)));
  const amapRegion = region.flatMap((g) => {
    const shape = topojson.feature(atlas, g);
    return 'geometry' in shape ? planarPolygons(shape.geometry) : [];
  });
  return { land, borders, amapRegion };
}

function planarPolygons(geometry: Geometry | null): TPolygons {
  if (!geometry) return [];
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : [];
  return polygons
    .map((rings) => rings.map(planarRing).filter((ring): ring is TPath => ring !== null))
    .filter((rings) => rings.length > 0);
}

/** A ring unwrapped across the antimeridian; a ring round a pole closed over it; null for pole artefacts. */
export function planarRing(ring: readonly Position[]): TPath | null {
  if (ring.length < 4 || ring.every((p) => Math.abs(p[1] ?? 0) >= POLE_ARTEFACT_LAT)) return null;
  const out = unwrap(ring);
  const first = out[0] as TLngLat;
  const last = out[out.length - 1] as TLngLat;
  if (Math.abs(last[0] - first[0]) > 180) {
    const pole = out.reduce((sum, p) => sum + p[1], 0) < 0 ? -90 : 90;
    out.push([last[0], pole], [first[0], pole], [first[0], first[1]]);
  }
  return out;
}

/** A line unwrapped across the antimeridian (none when it lies on a pole). */
function planarLine(line: readonly Position[]): TPath[] {
  return line.every((p) => Math.abs(p[1] ?? 0) >= POLE_ARTEFACT_LAT) ? [] : [unwrap(line)];
}

function unwrap(path: readonly Position[]): TPath {
  const out: TPath = [];
  for (const [lng = 0, lat = 0] of path) {
    const prev = out[out.length - 1];
    out.push([prev ? nearestLng(lng, prev[0]) : lng, lat]);
  }
  return out;
}

/** Whether a position lies inside the polygons (even-odd over every ring, so holes are outside). */
export function inPolygons([lng, lat]: TLngLat, polygons: TPolygons): boolean {
  let inside = false;
  for (const polygon of polygons)
    for (const ring of polygon)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i] as TLngLat;
        const [xj, yj] = ring[j] as TLngLat;
        if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
      }
  return inside;
}
