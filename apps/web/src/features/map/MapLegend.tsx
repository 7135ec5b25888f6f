import './map.css';

/** One entry of a map's legend: a dot in the colour the map draws, and what it stands for. */
export function LegendDot({ color, text }: { color: string; text: string }) {
  return (
    <span className="map-legend-item">
      <span className="map-legend-dot" style={{ background: color }} />
      {text}
    </span>
  );
}
