import type { TLngLat } from './curve';

/** A position as business records hold it (logistics, suppliers). */
export interface TMapPosition {
  lat: number;
  lng: number;
}

/** Whether a position can be drawn: present, both numbers finite and on the globe. */
export function locatable(position: TMapPosition | null | undefined): position is TMapPosition {
  return (
    !!position &&
    Number.isFinite(position.lat) &&
    Number.isFinite(position.lng) &&
    Math.abs(position.lat) <= 90 &&
    Math.abs(position.lng) <= 180
  );
}

/** A place drawn on a map: a dot of `color`, its `label` beside it, `detail` as its tooltip. */
export interface TMapPoint {
  id: string;
  lng: number;
  lat: number;
  color: string;
  label: string;
  detail?: string;
}

/** A line drawn on a map (a trajectory curve, a driving route). */
export interface TMapLine {
  id: string;
  coordinates: TLngLat[];
  color: string;
  dashed?: boolean;
}

/** The offline basemap's colours, shared by the MapLibre style and the SVG picture so both look alike. */
export const MAP_COLOURS = {
  sea: '#d5e5f0',
  land: '#f4f2ed',
  coast: '#c4cdd3',
  border: '#b9b0a3',
  text: '#1f2329',
  halo: '#ffffff',
} as const;

/** Sizes in CSS pixels, shared likewise. */
export const MAP_SIZES = {
  pointRadius: 5,
  pointStroke: 1.5,
  lineWidth: 2.5,
  borderWidth: 0.8,
  labelFont: 12,
  titleFont: 16,
} as const;

/** The dash pattern of a dashed line, in line widths (MapLibre) and in pixels (SVG). */
export const DASH = [2, 1.5] as const;

/** What a drawn map offers its owner (MapView's ref): pictures of what it shows now. */
export interface TMapViewHandle {
  /** 'webgl' when MapLibre draws the map, 'svg' for the fallback; null until the map is drawn. */
  renderer: () => 'webgl' | 'svg' | null;
  /** The current map as a PNG data URL, labels included, the title (when given) at the top left. */
  toPngDataUrl: (title?: string) => Promise<string>;
  /** The current map as a standalone SVG document: the same view, basemap, lines, points and labels. */
  toSvgText: (title?: string) => string;
}
