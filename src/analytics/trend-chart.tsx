import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useBoxWidth } from './bar-chart';
import './charts.css';

/** One day of the trend: its date (`YYYY-MM-DD`) and the views and downloads counted that day. */
interface TrendDay {
  day: string;
  views: number;
  downloads: number;
}

const WIDTH = 560;
const HEIGHT = 200;
const LEFT = 40;
const BOTTOM = 24;
const TOP = 24;
const RIGHT = 10;

/**
 * Views and downloads per day as two lines drawn with visx (linear scales, `LinePath`) in an
 * inline `svg` (`role="img"`, named by `label`): a few ticks on the vertical axis, the first and
 * last day under it, a legend above. Colours are the theme's tokens through analytics.css. The
 * table that follows it on the screen is its accessible alternative.
 */
export function TrendChart({
  days,
  dayText = (day) => day,
  label,
  viewsLabel,
  downloadsLabel,
}: {
  days: readonly TrendDay[];
  /** a day as the user reads it */
  dayText?(day: string): string;
  label: string;
  viewsLabel: string;
  downloadsLabel: string;
}) {
  const [ref, width] = useBoxWidth(WIDTH);
  const innerWidth = width - LEFT - RIGHT;
  const innerHeight = HEIGHT - TOP - BOTTOM;
  const largest = Math.max(1, ...days.map((day) => Math.max(day.views, day.downloads)));
  const x = scaleLinear<number>({ domain: [0, Math.max(1, days.length - 1)], range: [0, innerWidth] });
  const y = scaleLinear<number>({ domain: [0, largest], range: [innerHeight, 0], nice: true });
  const ticks = y.ticks(4).filter(Number.isInteger);
  const points = days.map((day, index) => ({ ...day, index }));
  const first = dayText(days[0]?.day ?? '');
  const last = dayText(days.at(-1)?.day ?? '');
  return (
    <svg
      ref={ref}
      role="img"
      aria-label={label}
      className="analytics-chart analytics-chart--trend"
      viewBox={`0 0 ${width} ${HEIGHT}`}
      width="100%"
      style={{ maxWidth: width }}
      preserveAspectRatio="xMinYMin meet"
    >
      <Group left={LEFT} top={TOP}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} className="analytics-chart__grid" />
            <text
              x={-6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className="analytics-chart__tick"
            >
              {tick}
            </text>
          </g>
        ))}
        <line x1={0} y1={0} x2={0} y2={innerHeight} className="analytics-chart__axis" />
        <line x1={0} y1={innerHeight} x2={innerWidth} y2={innerHeight} className="analytics-chart__axis" />
        <text x={0} y={innerHeight + 18} className="analytics-chart__tick">
          {first}
        </text>
        <text x={innerWidth} y={innerHeight + 18} textAnchor="end" className="analytics-chart__tick">
          {last}
        </text>
        <LinePath
          data={points}
          x={(point) => x(point.index)}
          y={(point) => y(point.views)}
          className="analytics-chart__line--views"
        />
        <LinePath
          data={points}
          x={(point) => x(point.index)}
          y={(point) => y(point.downloads)}
          className="analytics-chart__line--downloads"
        />
      </Group>
      <g className="analytics-chart__legend">
        <rect x={LEFT} y={4} width={12} height={12} className="analytics-chart__swatch--views" />
        <text x={LEFT + 16} y={14}>
          {viewsLabel}
        </text>
        <rect x={LEFT + 140} y={4} width={12} height={12} className="analytics-chart__swatch--downloads" />
        <text x={LEFT + 156} y={14}>
          {downloadsLabel}
        </text>
      </g>
    </svg>
  );
}
