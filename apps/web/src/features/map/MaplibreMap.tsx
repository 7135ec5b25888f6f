import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feature, FeatureCollection } from 'geojson';
import type * as Maplibre from 'maplibre-gl';
import type {
  GeoJSONSource,
  LineLayerSpecification,
  LngLatBoundsLike,
  Map as TMaplibreMap,
  Marker,
  StyleSpecification,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { nearestLng, type TLngLat } from './curve';
import { DASH, MAP_COLOURS, MAP_SIZES, type TMapLine, type TMapPoint, type TMapViewHandle } from './mapItems';
import { canvasToPngDataUrl } from './mapPicture';
import type { TBasemap } from './naturalEarth';
import { fitPadding, makeProjection, WORLD_VIEW } from './projection';
import { buildScene, sceneToSvg } from './svgScene';
import { useBasemap } from './useBasemap';

type TMaplibre = typeof Maplibre;

/** A map that has not drawn its first frame by then counts as failed (its worker, its WebGL context). */
const LOAD_WATCHDOG_MS = 10_000;
/** Fitting to the points: not closer than a city and its surroundings (the basemap is 1:50m). */
const FIT_MAX_ZOOM = 8;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The offline style, built here: sea, land, borders, lines and points from GeoJSON sources. It names no URL
 * (no tiles, glyphs or sprites), so the map needs no network and no symbol layer: labels are HTML markers.
 */
function offlineStyle(): StyleSpecification {
  const lineLayout: LineLayerSpecification['layout'] = { 'line-cap': 'round', 'line-join': 'round' };
  const linePaint: LineLayerSpecification['paint'] = {
    'line-color': ['get', 'color'],
    'line-width': MAP_SIZES.lineWidth,
  };
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: EMPTY },
      borders: { type: 'geojson', data: EMPTY },
      lines: { type: 'geojson', data: EMPTY },
      points: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': MAP_COLOURS.sea } },
      {
        id: 'land',
        type: 'fill',
        source: 'land',
        paint: { 'fill-color': MAP_COLOURS.land, 'fill-outline-color': MAP_COLOURS.coast },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': MAP_COLOURS.border, 'line-width': MAP_SIZES.borderWidth },
      },
      // Dashes cannot follow a feature's property: dashed lines are a layer of their own.
      {
        id: 'lines',
        type: 'line',
        source: 'lines',
        filter: ['!', ['get', 'dashed']],
        layout: lineLayout,
        paint: linePaint,
      },
      {
        id: 'lines-dashed',
        type: 'line',
        source: 'lines',
        filter: ['get', 'dashed'],
        layout: lineLayout,
        paint: { ...linePaint, 'line-dasharray': [...DASH] },
      },
      {
        id: 'points',
        type: 'circle',
        source: 'points',
        paint: {
          'circle-color': ['get', 'color'],
          'circle-radius': MAP_SIZES.pointRadius,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': MAP_SIZES.pointStroke,
        },
      },
    ],
  };
}

const landData = (basemap: TBasemap): Feature => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'MultiPolygon', coordinates: basemap.land },
});
const bordersData = (basemap: TBasemap): Feature => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'MultiLineString', coordinates: basemap.borders },
});
const linesData = (lines: readonly TMapLine[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: lines.map((line) => ({
    type: 'Feature',
    properties: { id: line.id, color: line.color, dashed: line.dashed ?? false },
    geometry: { type: 'LineString', coordinates: line.coordinates },
  })),
});
const pointsData = (points: readonly TMapPoint[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: points.map((point) => ({
    type: 'Feature',
    properties: { id: point.id, color: point.color },
    geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
  })),
});

/** The bounds of every position, kept together across the antimeridian; the world when there is none. */
function boundsOf(positions: readonly TLngLat[]): LngLatBoundsLike {
  const first = positions[0];
  if (!first) return [WORLD_VIEW.west, WORLD_VIEW.south, WORLD_VIEW.east, WORLD_VIEW.north];
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of positions) {
    const x = nearestLng(lng, first[0]);
    west = Math.min(west, x);
    east = Math.max(east, x);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [west, south, east, north];
}

/** A label marker's element: the point's name, which also opens it (click, Enter). */
function labelElement(point: TMapPoint, onClick: (id: string) => void, clickable: boolean): HTMLElement {
  const element = document.createElement('div');
  element.className = clickable ? 'map-view-label clickable' : 'map-view-label';
  element.textContent = point.label;
  element.dataset.pointId = point.id;
  // MapLibre names a marker without a name "Map marker"; this one is named by its label.
  element.setAttribute('aria-label', point.label);
  if (point.detail) element.title = point.detail;
  if (clickable) {
    element.setAttribute('role', 'button');
    element.tabIndex = 0;
    element.addEventListener('click', () => onClick(point.id));
    element.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      onClick(point.id);
    });
  }
  return element;
}

/**
 * The map drawn by MapLibre GL (WebGL) on the offline style: mounted once, fed the basemap, points and lines
 * as they change, resized with its box, removed on unmount. `onFail` is called when MapLibre cannot draw
 * (it throws, reports an error before its first frame, loses its WebGL context or never finishes loading);
 * the owner then draws the SVG fallback instead.
 */
export function MaplibreMap({
  points,
  lines,
  onPointClick,
  height,
  onFail,
  ref,
}: {
  points: readonly TMapPoint[];
  lines: readonly TMapLine[];
  onPointClick?: (id: string) => void;
  height: number;
  onFail: () => void;
  ref?: Ref<TMapViewHandle>;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<TMaplibreMap | null>(null);
  const library = useRef<TMaplibre | null>(null);
  const [ready, setReady] = useState(false);
  const basemap = useBasemap();
  const clicked = useRef(onPointClick);
  clicked.current = onPointClick;
  const failed = useRef(onFail);
  failed.current = onFail;
  // Read when the map is made (once): its buttons' titles in the language of that moment.
  const locale = useRef<Record<string, string>>({});
  locale.current = {
    'Map.Title': t('map.view.map'),
    'AttributionControl.ToggleAttribution': t('map.view.toggleAttribution'),
    'NavigationControl.ZoomIn': t('map.view.zoomIn'),
    'NavigationControl.ZoomOut': t('map.view.zoomOut'),
  };

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let disposed = false;
    let instance: TMaplibreMap | null = null;
    let observer: ResizeObserver | null = null;
    let watchdog: number | undefined;
    const fail = () => {
      if (disposed) return;
      disposed = true;
      failed.current();
    };
    // MapLibre is a chunk of its own: pages that only offer a map do not carry it.
    import('maplibre-gl').then(
      (module) => {
        if (disposed) return;
        // The UMD bundle arrives as the default export or as the named exports, by bundler.
        const lib: TMaplibre = (module as unknown as { default?: TMaplibre }).default ?? module;
        library.current = lib;
        try {
          instance = new lib.Map({
            container,
            style: offlineStyle(),
            bounds: boundsOf([]),
            attributionControl: { compact: true, customAttribution: 'Natural Earth' },
            // Kept after each frame, so that the canvas can be read back for a PNG.
            canvasContextAttributes: { preserveDrawingBuffer: true, antialias: true },
            dragRotate: false,
            pitchWithRotate: false,
            touchPitch: false,
            maxPitch: 0,
            fadeDuration: 0,
            locale: locale.current,
          });
        } catch {
          fail();
          return;
        }
        const created = instance;
        created.touchZoomRotate.disableRotation();
        created.keyboard.disableRotation();
        created.addControl(new lib.NavigationControl({ showCompass: false }), 'top-right');
        let loaded = false;
        watchdog = window.setTimeout(() => loaded || fail(), LOAD_WATCHDOG_MS);
        created.on('load', () => {
          loaded = true;
          window.clearTimeout(watchdog);
          map.current = created;
          setReady(true);
        });
        created.on('error', () => loaded || fail());
        created.on('webglcontextlost', fail);
        created.on('click', 'points', (event) => {
          const id: unknown = event.features?.[0]?.properties?.id;
          if (typeof id === 'string') clicked.current?.(id);
        });
        created.on('mouseenter', 'points', () => {
          if (clicked.current) created.getCanvas().style.cursor = 'pointer';
        });
        created.on('mouseleave', 'points', () => {
          created.getCanvas().style.cursor = '';
        });
        observer = new ResizeObserver(() => created.resize());
        observer.observe(container);
      },
      () => fail(),
    );
    return () => {
      disposed = true;
      window.clearTimeout(watchdog);
      observer?.disconnect();
      instance?.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !basemap) return;
    map.current?.getSource<GeoJSONSource>('land')?.setData(landData(basemap));
    map.current?.getSource<GeoJSONSource>('borders')?.setData(bordersData(basemap));
  }, [ready, basemap]);

  useEffect(() => {
    if (!ready) return;
    map.current?.getSource<GeoJSONSource>('lines')?.setData(linesData(lines));
    map.current?.getSource<GeoJSONSource>('points')?.setData(pointsData(points));
  }, [ready, points, lines]);

  // Labels are HTML markers: the offline style has no glyphs to draw text with.
  const clickable = onPointClick !== undefined;
  useEffect(() => {
    const lib = library.current;
    const current = map.current;
    if (!ready || !lib || !current) return;
    const markers: Marker[] = points
      .filter((point) => point.label)
      .map((point) =>
        new lib.Marker({
          element: labelElement(point, (id) => clicked.current?.(id), clickable),
          anchor: 'left',
          offset: [MAP_SIZES.pointRadius + 4, 0],
        })
          .setLngLat([point.lng, point.lat])
          .addTo(current),
      );
    return () => markers.forEach((marker) => marker.remove());
  }, [ready, points, clickable]);

  // The view fits the points and lines when their positions change (not on a mere new array of the same).
  const fitKey = useMemo(
    () =>
      JSON.stringify([...points.map((p): TLngLat => [p.lng, p.lat]), ...lines.flatMap((l) => l.coordinates)]),
    [points, lines],
  );
  useEffect(() => {
    const current = map.current;
    if (!ready || !current) return;
    const canvas = current.getCanvas();
    const padding = fitPadding(canvas.clientWidth, canvas.clientHeight);
    const positions = JSON.parse(fitKey) as TLngLat[];
    current.fitBounds(boundsOf(positions), { padding, maxZoom: FIT_MAX_ZOOM, animate: false });
  }, [ready, fitKey]);

  useImperativeHandle(ref, () => {
    // The picture of what is on screen: the map's bounds in its own (Mercator) projection.
    const scene = () => {
      const current = map.current;
      if (!current) return null;
      const canvas = current.getCanvas();
      const b = current.getBounds();
      const view = { west: b.getWest(), east: b.getEast(), south: b.getSouth(), north: b.getNorth() };
      return buildScene(
        basemap,
        points,
        lines,
        makeProjection('mercator', view, canvas.clientWidth, canvas.clientHeight),
      );
    };
    return {
      renderer: () => (ready ? 'webgl' : null),
      toSvgText: (title) => {
        const drawn = scene();
        return drawn ? sceneToSvg(drawn, title) : '';
      },
      toPngDataUrl: async (title) => {
        const current = map.current;
        if (!current) throw new Error('the map is not drawn yet');
        const canvas = current.getCanvas();
        const centre = current.getCenter().lng;
        const labels = points
          .filter((p) => p.label)
          .map((p) => ({ ...current.project([nearestLng(p.lng, centre), p.lat]), text: p.label }));
        return canvasToPngDataUrl(canvas, canvas.clientWidth, labels, title);
      },
    };
  }, [ready, basemap, points, lines]);

  return <div ref={box} className="map-view-canvas" style={{ height }} data-renderer="webgl" />;
}
