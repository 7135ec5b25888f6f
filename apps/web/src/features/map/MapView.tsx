import { useState, type Ref } from 'react';
import { MaplibreMap } from './MaplibreMap';
import type { TMapLine, TMapPoint, TMapViewHandle } from './mapItems';
import { SvgMap } from './SvgMap';
import './map.css';

const NO_LINES: readonly TMapLine[] = [];

let webgl: boolean | null = null;

/** Whether the browser can give a WebGL context (asked once; the trial context is released at once). */
export function supportsWebGL(): boolean {
  if (webgl === null) {
    try {
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
      webgl = context !== null;
      context?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      webgl = false;
    }
  }
  return webgl;
}

export interface TMapViewProps {
  /** Dots with a label beside them; `detail` is their tooltip. */
  points: readonly TMapPoint[];
  /** Lines under the dots, `[lng, lat]` positions (curves, driving routes). */
  lines?: readonly TMapLine[];
  /** Makes dots and labels clickable (and focusable); gets the point's id. */
  onPointClick?: (id: string) => void;
  /** Height in pixels; the map takes its box's width. */
  height?: number;
  /** What the map shows, for screen readers. */
  label: string;
  /** 'svg' draws the fallback even where WebGL works (tests; printing). */
  renderer?: 'auto' | 'svg';
  testId?: string;
  /** Pictures of the current map (PNG, SVG) for downloads: see TMapViewHandle. */
  ref?: Ref<TMapViewHandle>;
}

/**
 * A map on the offline Natural Earth basemap, needing no key and no network: drawn by MapLibre GL where
 * WebGL works, as SVG where it does not or where MapLibre fails. It fits its view to the points and lines
 * whenever they change.
 */
export function MapView({
  points,
  lines = NO_LINES,
  onPointClick,
  height = 420,
  label,
  renderer = 'auto',
  testId,
  ref,
}: TMapViewProps) {
  const [failed, setFailed] = useState(() => !supportsWebGL());
  const body = { points, lines, onPointClick, height, ref };
  return (
    <div className="map-view" role="region" aria-label={label} data-testid={testId}>
      {renderer === 'svg' || failed ? (
        <SvgMap {...body} />
      ) : (
        <MaplibreMap {...body} onFail={() => setFailed(true)} />
      )}
    </div>
  );
}
