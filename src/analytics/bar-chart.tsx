/** One bar: its label (the asset's name) and its count. */
export interface Bar {
  key: string;
  label: string;
  value: number;
}

const ROW = 22;
const GAP = 6;
const LABEL = 180;
const WIDTH = 560;
const VALUE_ROOM = 48;

/** A label fits its column: long names are cut with an ellipsis (the table gives them whole). */
function shorten(text: string, max = 26): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Horizontal bars as an inline `svg` with `role="img"` and an accessible name: a top is a ranked
 * list, which SVG draws in a few lines (no charting library for bars). The table beside it is
 * its accessible alternative, so the marks themselves are hidden from assistive technology.
 */
export function BarChart({
  bars,
  label,
  className,
}: {
  bars: readonly Bar[];
  label: string;
  className?: string;
}) {
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  const room = WIDTH - LABEL - VALUE_ROOM;
  const height = Math.max(1, bars.length) * (ROW + GAP);
  return (
    <svg
      role="img"
      aria-label={label}
      className={className ?? 'analytics-chart'}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      style={{ maxWidth: WIDTH }}
      preserveAspectRatio="xMinYMin meet"
    >
      <g>
        {bars.map((bar, index) => {
          const y = index * (ROW + GAP);
          const width = Math.max(1, Math.round((bar.value / largest) * room));
          return (
            <g key={bar.key}>
              <text
                x={LABEL - 8}
                y={y + ROW / 2}
                textAnchor="end"
                dominantBaseline="middle"
                className="analytics-chart__label"
              >
                {shorten(bar.label)}
              </text>
              <rect x={LABEL} y={y} width={width} height={ROW} rx={3} className="analytics-chart__bar" />
              <text
                x={LABEL + width + 6}
                y={y + ROW / 2}
                dominantBaseline="middle"
                className="analytics-chart__value"
              >
                {bar.value}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
