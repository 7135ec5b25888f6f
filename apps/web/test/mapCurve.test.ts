import { describe, expect, it } from 'vitest';
import {
  CURVE_CURVATURE,
  CURVE_POINTS,
  curveControlPoint,
  curvePoints,
  type TLngLat,
} from '../src/features/map/curve';
import { inPolygons, planarRing } from '../src/features/map/naturalEarth';
import { fitPadding, fitView, makeProjection } from '../src/features/map/projection';

const close = (actual: TLngLat | undefined, expected: TLngLat) => {
  expect(actual).toBeDefined();
  expect(actual?.[0]).toBeCloseTo(expected[0], 9);
  expect(actual?.[1]).toBeCloseTo(expected[1], 9);
};
const length = ([x, y]: TLngLat) => Math.hypot(x, y);
const minus = (a: TLngLat, b: TLngLat): TLngLat => [a[0] - b[0], a[1] - b[1]];

describe('trajectory curve (spec: 10 points, curvature 0.3)', () => {
  const shanghai: TLngLat = [121.47, 31.23];
  const beijing: TLngLat = [116.4, 39.9];

  it('has the spec defaults', () => {
    expect(CURVE_POINTS).toBe(10);
    expect(CURVE_CURVATURE).toBe(0.3);
  });

  it('gives 10 points by default, both ends exact', () => {
    const curve = curvePoints(shanghai, beijing);
    expect(curve).toHaveLength(10);
    expect(curve[0]).toEqual(shanghai);
    expect(curve[9]).toEqual(beijing);
  });

  it('puts the control point 0.3 × the chord off the midpoint, on the perpendicular, left of travel', () => {
    const chord = minus(beijing, shanghai);
    const mid: TLngLat = [(shanghai[0] + beijing[0]) / 2, (shanghai[1] + beijing[1]) / 2];
    const offset = minus(curveControlPoint(shanghai, beijing), mid);
    expect(length(offset)).toBeCloseTo(0.3 * length(chord), 9);
    expect(offset[0] * chord[0] + offset[1] * chord[1]).toBeCloseTo(0, 9);
    // Left of travel: the cross product chord × offset is positive.
    expect(chord[0] * offset[1] - chord[1] * offset[0]).toBeGreaterThan(0);
    expect(length(minus(curveControlPoint(shanghai, beijing, 0.5), mid))).toBeCloseTo(0.5 * length(chord), 9);
  });

  it('is the quadratic Bézier through that control point', () => {
    // Along the equator from 0° to 10°: the control point is (5, 3), so B(t) = (10t, 6t(1 - t)).
    const curve = curvePoints([0, 0], [10, 0]);
    close(curveControlPoint([0, 0], [10, 0]), [5, 3]);
    curve.forEach((point, i) => {
      const t = i / 9;
      close(point, [10 * t, 6 * t * (1 - t)]);
    });
    // With 3 points the middle one is B(0.5): half the control point's offset, 0.15 × the chord.
    close(curvePoints([0, 0], [0, 20], { points: 3 })[1], [-3, 10]);
  });

  it('is symmetric about the perpendicular bisector of the chord', () => {
    const curve = curvePoints(shanghai, beijing);
    const mid: TLngLat = [(shanghai[0] + beijing[0]) / 2, (shanghai[1] + beijing[1]) / 2];
    const chord = minus(beijing, shanghai);
    const unit: TLngLat = [chord[0] / length(chord), chord[1] / length(chord)];
    const along = (p: TLngLat) => (p[0] - mid[0]) * unit[0] + (p[1] - mid[1]) * unit[1];
    const across = (p: TLngLat) => (p[0] - mid[0]) * -unit[1] + (p[1] - mid[1]) * unit[0];
    for (let i = 0; i < 10; i++) {
      const a = curve[i] as TLngLat;
      const b = curve[9 - i] as TLngLat;
      expect(along(a)).toBeCloseTo(-along(b), 9);
      expect(across(a)).toBeCloseTo(across(b), 9);
    }
  });

  it('bows the other way on the return trip', () => {
    const out = curvePoints([0, 0], [10, 0]);
    const back = curvePoints([10, 0], [0, 0]);
    out.forEach((point, i) => close(back[9 - i], [point[0], -point[1]]));
  });

  it('gives copies of the point when both ends are equal', () => {
    const curve = curvePoints(shanghai, [...shanghai]);
    expect(curve).toHaveLength(10);
    for (const point of curve) expect(point).toEqual(shanghai);
  });

  it('takes the short way across the antimeridian', () => {
    const curve = curvePoints([170, -10], [-170, -10]);
    expect(curve[0]).toEqual([170, -10]);
    expect(curve[9]).toEqual([190, -10]);
    for (let i = 1; i < 10; i++)
      expect((curve[i] as TLngLat)[0]).toBeGreaterThan((curve[i - 1] as TLngLat)[0]);
    close(curveControlPoint([170, -10], [190, -10]), [180, -4]);
  });

  it('takes the number of points and the curvature as options', () => {
    expect(curvePoints([0, 0], [4, 4], { points: 2 })).toEqual([
      [0, 0],
      [4, 4],
    ]);
    const straight = curvePoints([0, 0], [9, 0], { curvature: 0 });
    straight.forEach((point, i) => close(point, [i, 0]));
    expect(() => curvePoints([0, 0], [1, 1], { points: 1 })).toThrow(RangeError);
    expect(() => curvePoints([0, 0], [1, 1], { points: 2.5 })).toThrow(RangeError);
  });
});

describe('map geometry across the antimeridian and the fitted view', () => {
  it('unwraps a ring that crosses the antimeridian so that it has no jump', () => {
    // An island from 179° east to 179° west, as the sphere-based Natural Earth data writes it.
    const ring = planarRing([
      [179, -16],
      [-179, -16],
      [-179, -17],
      [179, -17],
      [179, -16],
    ]);
    expect(ring).toEqual([
      [179, -16],
      [181, -16],
      [181, -17],
      [179, -17],
      [179, -16],
    ]);
    expect(inPolygons([180, -16.5], [[ring as TLngLat[]]])).toBe(true);
  });

  it('closes a ring round the south pole over the pole, and drops rings lying on a pole', () => {
    const ring = planarRing([
      [-180, -70],
      [-60, -65],
      [60, -68],
      [179, -70],
      [-180, -70],
    ]) as TLngLat[];
    expect(ring.slice(-4)).toEqual([
      [180, -70],
      [180, -90],
      [-180, -90],
      [-180, -70],
    ]);
    expect(inPolygons([0, -80], [[ring]])).toBe(true);
    expect(inPolygons([0, -60], [[ring]])).toBe(false);
    expect(
      planarRing([
        [-180, -89.999],
        [0, -89.999],
        [179, -89.999],
        [-180, -89.999],
      ]),
    ).toBeNull();
  });

  it("fits the view to the positions inside the padding, in the picture's proportions", () => {
    const positions: TLngLat[] = [
      [116.4, 39.9],
      [121.47, 31.23],
      [113.26, 23.13],
    ];
    const width = 800;
    const height = 400;
    const view = fitView(positions, width, height);
    const projection = makeProjection('equirectangular', view, width, height);
    const pad = fitPadding(width, height);
    const xs = positions.map((p) => projection.project(p)[0]);
    const ys = positions.map((p) => projection.project(p)[1]);
    for (const x of xs) expect(x).toBeGreaterThanOrEqual(pad.left - 1e-6);
    for (const x of xs) expect(x).toBeLessThanOrEqual(width - pad.right + 1e-6);
    for (const y of ys) expect(y).toBeGreaterThanOrEqual(pad.top - 1e-6);
    for (const y of ys) expect(y).toBeLessThanOrEqual(height - pad.bottom + 1e-6);
    // The tighter dimension is filled: here the height (16.8° of latitude in 336 px).
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(height - pad.top - pad.bottom, 6);
    // A degree of longitude is cos(middle latitude) as wide as one of latitude.
    const [x0] = projection.project([116, 31.5]);
    const [x1, y1] = projection.project([117, 31.5]);
    const [, y2] = projection.project([116, 32.5]);
    expect((x1 - x0) / (y1 - y2)).toBeCloseTo(Math.cos((31.5 * Math.PI) / 180), 2);
  });

  it('keeps a set across the antimeridian together', () => {
    const view = fitView(
      [
        [178.4, -18.1],
        [-171.8, -13.8],
      ],
      600,
      400,
    );
    expect(view.west).toBeGreaterThan(150);
    expect(view.east).toBeLessThan(220);
    expect(view.east).toBeGreaterThan(188.2);
  });
});
