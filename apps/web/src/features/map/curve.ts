/** A position as GeoJSON writes it: longitude, then latitude, in degrees. */
export type TLngLat = [lng: number, lat: number];

/** Spec 9 "curve helper 10 points, curvature 0.3". */
export const CURVE_POINTS = 10;
export const CURVE_CURVATURE = 0.3;

/**
 * The longitude of `lng` moved by whole turns to within 180° of `reference`, so that a line between them
 * takes the short way (across the antimeridian when that is shorter).
 */
export function nearestLng(lng: number, reference: number): number {
  return lng + 360 * Math.round((reference - lng) / 360);
}

/**
 * The control point of the curve from `from` to `to`: off the chord's midpoint, on its perpendicular, by
 * `curvature` × the chord's length, to the left of the direction of travel (so a return trip bows the other
 * way and does not hide the outward one). Coordinates are treated as plane x/y in degrees, as the maps draw
 * them at these scales.
 */
export function curveControlPoint(from: TLngLat, to: TLngLat, curvature = CURVE_CURVATURE): TLngLat {
  const [x0, y0] = from;
  const [x1, y1] = to;
  const dx = x1 - x0;
  const dy = y1 - y0;
  // The left normal scaled by the chord length is (-dy, dx); times the curvature it is the offset.
  return [(x0 + x1) / 2 - curvature * dy, (y0 + y1) / 2 + curvature * dx];
}

/**
 * The quadratic Bézier curve from `from` to `to` (spec "curve helper"), as exactly `points` positions with
 * both ends exact. Equal ends give `points` copies of that position. Across the antimeridian the curve takes
 * the short way: `to`'s longitude is moved by 360° where that is nearer, so the later positions may lie past
 * ±180° (the maps draw such lines continuously; the last position is then `to` moved by 360°). Latitudes are
 * not clamped: a long east-west curve near a pole may bow past ±90°, which the projections clamp when drawing.
 */
export function curvePoints(
  from: TLngLat,
  to: TLngLat,
  { points = CURVE_POINTS, curvature = CURVE_CURVATURE }: { points?: number; curvature?: number } = {},
): TLngLat[] {
  if (!Number.isInteger(points) || points < 2)
    throw new RangeError(`a curve needs 2 points or more: ${points}`);
  const start: TLngLat = [from[0], from[1]];
  const end: TLngLat = [nearestLng(to[0], from[0]), to[1]];
  // Equal ends: the formula would give the point back only up to rounding; copies are exact.
  if (start[0] === end[0] && start[1] === end[1])
    return Array.from({ length: points }, (): TLngLat => [start[0], start[1]]);
  const [cx, cy] = curveControlPoint(start, end, curvature);
  const out: TLngLat[] = [start];
  for (let i = 1; i < points - 1; i++) {
    const t = i / (points - 1);
    const a = (1 - t) * (1 - t);
    const b = 2 * (1 - t) * t;
    const c = t * t;
    out.push([a * start[0] + b * cx + c * end[0], a * start[1] + b * cy + c * end[1]]);
  }
  out.push(end);
  return out;
}
