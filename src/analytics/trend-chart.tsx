/** One day of the trend: its date (`YYYY-MM-DD`) and the views and downloads counted that day. */
export interface TrendDay {
  day: string;
  views: number;
  downloads: number;
}

const WIDTH = 560;
const HEIGHT = 200;
const LEFT = 40;
const BOTTOM = 24;
const TOP = 10;
const RIGHT = 10;

function points(days: readonly TrendDay[], pick: (day: TrendDay) => number, largest: number): string {
  const span = Math.max(1, days.length - 1);
  const width = WIDTH - LEFT - RIGHT;
  const height = HEIGHT - TOP - BOTTOM;
  return days
    .map((day, index) => {
      const x = LEFT + (index / span) * width;
      const y = TOP + height - (pick(day) / largest) * height;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * Views and downloads per day as two lines in an inline `svg` (`role="img"`, named by `label`),
 * with the largest count on the vertical axis and the first and last day under it. The table
 * that follows it on the screen is its accessible alternative.
 */
export function TrendChart({
  days,
  label,
  viewsLabel,
  downloadsLabel,
}: {
  days: readonly TrendDay[];
  label: string;
  viewsLabel: string;
  downloadsLabel: string;
}) {
  const largest = Math.max(1, ...days.map((day) => Math.max(day.views, day.downloads)));
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  const base = HEIGHT - BOTTOM;
  return (
    <svg
      role="img"
      aria-label={label}
      className="analytics-chart analytics-chart--trend"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ maxWidth: WIDTH }}
      preserveAspectRatio="xMinYMin meet"
    >
      <g>
        <line x1={LEFT} y1={TOP} x2={LEFT} y2={base} className="analytics-chart__axis" />
        <line x1={LEFT} y1={base} x2={WIDTH - RIGHT} y2={base} className="analytics-chart__axis" />
        <text x={LEFT - 6} y={TOP + 4} textAnchor="end" className="analytics-chart__tick">
          {largest}
        </text>
        <text x={LEFT - 6} y={base} textAnchor="end" className="analytics-chart__tick">
          0
        </text>
        <text x={LEFT} y={HEIGHT - 6} className="analytics-chart__tick">
          {first}
        </text>
        <text x={WIDTH - RIGHT} y={HEIGHT - 6} textAnchor="end" className="analytics-chart__tick">
          {last}
        </text>
        <polyline
          points={points(days, (day) => day.views, largest)}
          className="analytics-chart__line--views"
        />
        <polyline
          points={points(days, (day) => day.downloads, largest)}
          className="analytics-chart__line--downloads"
        />
        <g className="analytics-chart__legend">
          <rect x={LEFT + 10} y={TOP} width={10} height={10} className="analytics-chart__swatch--views" />
          <text x={LEFT + 24} y={TOP + 9}>
            {viewsLabel}
          </text>
          <rect
            x={LEFT + 110}
            y={TOP}
            width={10}
            height={10}
            className="analytics-chart__swatch--downloads"
          />
          <text x={LEFT + 124} y={TOP + 9}>
            {downloadsLabel}
          </text>
        </g>
      </g>
    </svg>
  );
}
