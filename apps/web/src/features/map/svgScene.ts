import { nearestLng, type TLngLat } from './curve';
import { DASH, MAP_COLOURS, MAP_SIZES, type TMapLine, type TMapPoint } from './mapItems';
import type { TBasemap, TPath } from './naturalEarth';
import type { TProjection } from './projection';

/** A map projected to pixels: what the SVG fallback shows and what an SVG download contains. */
export interface TScene {
  width: number;
  height: number;
  /** Path data of the land (every world copy in view), and of the borders. */
  land: string;
  borders: string;
  lines: { id: string; d: string; color: string; dashed: boolean }[];
  points: { id: string; x: number; y: number; color: string; label: string; detail?: string }[];
}

/** Vertices closer than this (in pixels) to the last one kept are dropped: the 1:50m data is finer. */
const SIMPLIFY_PX = 0.6;

const round = (n: number) => Math.round(n * 10) / 10;

/** The world copies (multiples of 360°) of the basemap that reach into the view. */
function worldOffsets(projection: TProjection): number[] {
  const { west, east } = projection.view;
  const offsets: number[] = [];
  // The basemap spans about -182° to 191° (rings across the antimeridian run on past it).
  for (let k = Math.floor((west - 191) / 360); k <= Math.ceil((east + 182) / 360); k++) offsets.push(k * 360);
  return offsets;
}

const bounds = new WeakMap<TPath, [west: number, east: number, south: number, north: number]>();

function boundsOf(path: TPath): [number, number, number, number] {
  let b = bounds.get(path);
  if (!b) {
    b = [Infinity, -Infinity, Infinity, -Infinity];
    for (const [lng, lat] of path) {
      b[0] = Math.min(b[0], lng);
      b[1] = Math.max(b[1], lng);
      b[2] = Math.min(b[2], lat);
      b[3] = Math.max(b[3], lat);
    }
    bounds.set(path, b);
  }
  return b;
}

/** SVG path data of `path` shifted by `offset` degrees, or '' when it lies outside the view or is sub-pixel. */
function pathData(path: TPath, offset: number, projection: TProjection, closed: boolean): string {
  const [w, e, s, n] = boundsOf(path);
  const { view } = projection;
  if (w + offset > view.east || e + offset < view.west || s > view.north || n < view.south) return '';
  let d = '';
  let kept = 0;
  let lastX = NaN;
  let lastY = NaN;
  path.forEach(([lng, lat], i) => {
    const [x, y] = projection.project([lng + offset, lat]);
    const isLast = i === path.length - 1;
    if (kept > 0 && !isLast && Math.abs(x - lastX) + Math.abs(y - lastY) < SIMPLIFY_PX) return;
    d += `${kept === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`;
    kept++;
    lastX = x;
    lastY = y;
  });
  if (kept < (closed ? 4 : 2)) return '';
  return closed ? `${d}Z` : d;
}

/** A line unwrapped to stay continuous, starting in the world copy nearest the view's centre. */
function lineNearView(coordinates: readonly TLngLat[], centre: number): TLngLat[] {
  const out: TLngLat[] = [];
  for (const [lng, lat] of coordinates) {
    const prev = out[out.length - 1];
    out.push([nearestLng(lng, prev ? prev[0] : centre), lat]);
  }
  return out;
}

/** Projects the basemap, lines and points into a picture of `projection`. */
export function buildScene(
  basemap: TBasemap | null,
  points: readonly TMapPoint[],
  lines: readonly TMapLine[],
  projection: TProjection,
): TScene {
  const centre = (projection.view.west + projection.view.east) / 2;
  let land = '';
  let borders = '';
  if (basemap) {
    for (const offset of worldOffsets(projection)) {
      for (const polygon of basemap.land)
        for (const ring of polygon) land += pathData(ring, offset, projection, true);
      for (const line of basemap.borders) borders += pathData(line, offset, projection, false);
    }
  }
  return {
    width: projection.width,
    height: projection.height,
    land,
    borders,
    lines: lines.map((line) => ({
      id: line.id,
      d: pathData(lineNearView(line.coordinates, centre), 0, projection, false),
      color: line.color,
      dashed: line.dashed ?? false,
    })),
    points: points.map((point) => {
      const [x, y] = projection.project([nearestLng(point.lng, centre), point.lat]);
      return {
        id: point.id,
        x: round(x),
        y: round(y),
        color: point.color,
        label: point.label,
        ...(point.detail ? { detail: point.detail } : {}),
      };
    }),
  };
}

/** Text made safe inside an SVG (XML) element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/** The font of labels and titles: the console's, with the CJK fonts that systems carry. */
export const MAP_FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";

/** A label's attributes: dark text with a white halo, readable on land and sea alike. */
export const LABEL_STYLE = {
  fontSize: MAP_SIZES.labelFont,
  fill: MAP_COLOURS.text,
  stroke: MAP_COLOURS.halo,
  strokeWidth: 3,
  paintOrder: 'stroke',
} as const;

/**
 * A standalone SVG document of the scene: sea, land, borders, lines, points with their labels and, when
 * given, a title at the top left. It references nothing outside itself.
 */
export function sceneToSvg(scene: TScene, title?: string): string {
  const { width, height } = scene;
  const dash = (dashed: boolean) =>
    dashed ? ` stroke-dasharray="${DASH.map((n) => n * MAP_SIZES.lineWidth).join(' ')}"` : '';
  const text = (size: number) =>
    `font-size="${size}" fill="${LABEL_STYLE.fill}" stroke="${LABEL_STYLE.stroke}" stroke-width="${LABEL_STYLE.strokeWidth}" paint-order="stroke"`;
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(MAP_FONT_FAMILY)}">`,
    title ? `<title>${escapeXml(title)}</title>` : '',
    `<rect width="${width}" height="${height}" fill="${MAP_COLOURS.sea}"/>`,
    `<path d="${scene.land}" fill="${MAP_COLOURS.land}" stroke="${MAP_COLOURS.coast}" stroke-width="0.5"/>`,
    `<path d="${scene.borders}" fill="none" stroke="${MAP_COLOURS.border}" stroke-width="${MAP_SIZES.borderWidth}"/>`,
    ...scene.lines
      .filter((l) => l.d)
      .map(
        (l) =>
          `<path d="${l.d}" fill="none" stroke="${escapeXml(l.color)}" stroke-width="${MAP_SIZES.lineWidth}" stroke-linecap="round" stroke-linejoin="round"${dash(l.dashed)}/>`,
      ),
    ...scene.points.map(
      (p) =>
        `<circle cx="${p.x}" cy="${p.y}" r="${MAP_SIZES.pointRadius}" fill="${escapeXml(p.color)}" stroke="#fff" stroke-width="${MAP_SIZES.pointStroke}"/>`,
    ),
    ...scene.points
      .filter((p) => p.label)
      .map(
        (p) =>
          `<text x="${p.x + 8}" y="${p.y + 4}" ${text(LABEL_STYLE.fontSize)}>${escapeXml(p.label)}</text>`,
      ),
    title
      ? `<text x="12" y="${12 + MAP_SIZES.titleFont}" font-weight="600" ${text(MAP_SIZES.titleFont)}>${escapeXml(title)}</text>`
      : '',
    `</svg>`,
  ];
  return parts.filter(Boolean).join('\n');
}
