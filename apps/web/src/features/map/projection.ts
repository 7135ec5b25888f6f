import { nearestLng, type TLngLat } from './curve';

/** A rectangle of the map, in degrees; `east` may pass 180° (and `west` -180°) where the view wraps. */
export interface TView {
  west: number;
  east: number;
  south: number;
  north: number;
}

export type TProjectionKind = 'mercator' | 'equirectangular';

/** Positions to pixels of a `width` × `height` picture of `view`. */
export interface TProjection {
  kind: TProjectionKind;
  view: TView;
  width: number;
  height: number;
  project: (position: TLngLat) => [x: number, y: number];
}

/** Web Mercator's latitude limit (MapLibre's too): the poles lie at infinity. */
const MERCATOR_MAX_LAT = 85.051129;

/** The whole world, without the polar caps (Antarctica's interior, the Arctic sea). */
export const WORLD_VIEW: TView = { west: -180, east: 180, south: -58, north: 80 };

const clampLat = (lat: number) => Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat));
const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (clampLat(lat) * Math.PI) / 360));

/**
 * The projection of a north-up picture of `view`. Mercator is what MapLibre draws, so a picture of its
 * current bounds matches the screen; the plain equirectangular projection is the SVG fallback's, the view
 * already made to the picture's proportions by fitView.
 */
export function makeProjection(
  kind: TProjectionKind,
  view: TView,
  width: number,
  height: number,
): TProjection {
  const xScale = width / (view.east - view.west);
  if (kind === 'mercator') {
    const top = mercatorY(view.north);
    const yScale = height / (top - mercatorY(view.south));
    return {
      kind,
      view,
      width,
      height,
      project: ([lng, lat]) => [(lng - view.west) * xScale, (top - mercatorY(lat)) * yScale],
    };
  }
  const yScale = height / (view.north - view.south);
  return {
    kind,
    view,
    width,
    height,
    project: ([lng, lat]) => [(lng - view.west) * xScale, (view.north - lat) * yScale],
  };
}

/** Room kept around fitted points, in pixels: more on the right, where the labels are. */
export interface TPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const FIT_PADDING: TPadding = { top: 32, right: 140, bottom: 32, left: 32 };

/** The fitting padding for a picture, each side at most a quarter of its dimension (small boxes). */
export function fitPadding(width: number, height: number): TPadding {
  const x = (n: number) => Math.min(n, width / 4);
  const y = (n: number) => Math.min(n, height / 4);
  return {
    top: y(FIT_PADDING.top),
    right: x(FIT_PADDING.right),
    bottom: y(FIT_PADDING.bottom),
    left: x(FIT_PADDING.left),
  };
}

/** The smallest span, in degrees, a fitted view shows: a single point shows its surroundings. */
const MIN_SPAN_DEG = 1.5;

/**
 * The equirectangular view of a `width` × `height` picture that shows every position inside the fitting
 * padding, centred. Longitude is scaled by the cosine of the middle latitude, so shapes keep their look at
 * that latitude. No positions: the whole world. Longitudes are taken nearest the first position (a set
 * across the antimeridian stays together).
 */
export function fitView(positions: readonly TLngLat[], width: number, height: number): TView {
  const first = positions[0];
  if (!first || width <= 0 || height <= 0) return WORLD_VIEW;
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const [lng, lat] of positions) {
    const x = nearestLng(lng, first[0]);
    west = Math.min(west, x);
    east = Math.max(east, x);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const grow = (low: number, high: number): [number, number] => {
    const missing = Math.max(0, MIN_SPAN_DEG - (high - low)) / 2;
    return [low - missing, high + missing];
  };
  [west, east] = grow(west, east);
  [south, north] = grow(south, north);
  const cos = Math.max(Math.cos((((south + north) / 2) * Math.PI) / 180), 0.2);
  const pad = fitPadding(width, height);
  const innerWidth = width - pad.left - pad.right;
  const innerHeight = height - pad.top - pad.bottom;
  // Pixels per degree of latitude; a degree of longitude is `cos` times as wide.
  const scale = Math.min(innerWidth / ((east - west) * cos), innerHeight / (north - south));
  const left = west - (pad.left + (innerWidth - (east - west) * cos * scale) / 2) / (cos * scale);
  const top = north + (pad.top + (innerHeight - (north - south) * scale) / 2) / scale;
  return { west: left, east: left + width / (cos * scale), south: top - height / scale, north: top };
}
