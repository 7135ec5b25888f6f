import {
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
  type RefObject,
} from 'react';
import type { TLngLat } from './curve';
import { DASH, MAP_COLOURS, MAP_SIZES, type TMapLine, type TMapPoint, type TMapViewHandle } from './mapItems';
import { svgToPngDataUrl } from './mapPicture';
import { fitView, makeProjection } from './projection';
import { useBasemap } from './useBasemap';
import { buildScene, LABEL_STYLE, MAP_FONT_FAMILY, sceneToSvg } from './svgScene';

/** The width of an element, followed as it resizes. */
function useWidth(box: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return width;
}

/**
 * The map drawn as SVG, for browsers without WebGL or where MapLibre failed: the same basemap, lines and
 * points in an equirectangular projection fitted to them. It needs nothing but the bundled basemap.
 */
export function SvgMap({
  points,
  lines,
  onPointClick,
  height,
  ref,
}: {
  points: readonly TMapPoint[];
  lines: readonly TMapLine[];
  onPointClick?: (id: string) => void;
  height: number;
  ref?: Ref<TMapViewHandle>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const basemap = useBasemap();
  const scene = useMemo(() => {
    if (width <= 0) return null;
    const positions: TLngLat[] = [
      ...points.map((p): TLngLat => [p.lng, p.lat]),
      ...lines.flatMap((l) => l.coordinates),
    ];
    const projection = makeProjection('equirectangular', fitView(positions, width, height), width, height);
    return buildScene(basemap, points, lines, projection);
  }, [basemap, points, lines, width, height]);

  useImperativeHandle(
    ref,
    () => ({
      renderer: () => (scene ? 'svg' : null),
      toSvgText: (title) => (scene ? sceneToSvg(scene, title) : ''),
      toPngDataUrl: (title) =>
        scene
          ? svgToPngDataUrl(sceneToSvg(scene, title), scene.width, scene.height)
          : Promise.reject(new Error('the map is not drawn yet')),
    }),
    [scene],
  );

  const activate = (id: string) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onPointClick?.(id);
  };

  return (
    <div ref={box} className="map-view-canvas" style={{ height }} data-renderer="svg">
      {scene && (
        <svg
          width={scene.width}
          height={scene.height}
          viewBox={`0 0 ${scene.width} ${scene.height}`}
          fontFamily={MAP_FONT_FAMILY}
          aria-hidden={onPointClick ? undefined : true}
        >
          <rect width={scene.width} height={scene.height} fill={MAP_COLOURS.sea} />
          <path d={scene.land} fill={MAP_COLOURS.land} stroke={MAP_COLOURS.coast} strokeWidth={0.5} />
          <path
            d={scene.borders}
            fill="none"
            stroke={MAP_COLOURS.border}
            strokeWidth={MAP_SIZES.borderWidth}
          />
          {scene.lines.map((line) => (
            <path
              key={line.id}
              d={line.d}
              fill="none"
              stroke={line.color}
              strokeWidth={MAP_SIZES.lineWidth}
              strokeLinecap="round"
              strokeLinejoin="round"
              strokeDasharray={line.dashed ? DASH.map((n) => n * MAP_SIZES.lineWidth).join(' ') : undefined}
            />
          ))}
          {scene.points.map((point) => (
            <g
              key={point.id}
              className={onPointClick ? 'map-view-point clickable' : 'map-view-point'}
              data-point-id={point.id}
              {...(onPointClick
                ? {
                    role: 'button',
                    tabIndex: 0,
                    'aria-label': point.label,
                    onClick: () => onPointClick(point.id),
                    onKeyDown: activate(point.id),
                  }
                : {})}
            >
              {point.detail && <title>{point.detail}</title>}
              <circle
                cx={point.x}
                cy={point.y}
                r={MAP_SIZES.pointRadius}
                fill={point.color}
                stroke="#fff"
                strokeWidth={MAP_SIZES.pointStroke}
              />
              {point.label && (
                <text
                  x={point.x + 8}
                  y={point.y + 4}
                  fontSize={LABEL_STYLE.fontSize}
                  fill={LABEL_STYLE.fill}
                  stroke={LABEL_STYLE.stroke}
                  strokeWidth={LABEL_STYLE.strokeWidth}
                  paintOrder={LABEL_STYLE.paintOrder}
                >
                  {point.label}
                </text>
              )}
            </g>
          ))}
        </svg>
      )}
    </div>
  );
}
