import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar as BarShape } from '@visx/shape';
import { useEffect, useRef, useState } from 'react';
import './charts.css';

/** One bar: its label (the asset's name) and its count; `className` picks its colour. */
interface Bar {
  key: string;
  label: string;
  value: number;
  className?: string;
}

const ROW = 28;
const WIDTH = 560;
const VALUE_ROOM = 48;

/** A label fits its column: long names are cut with an ellipsis (the table gives them whole). */
function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Horizontal bars drawn with visx (its band and linear scales and its `Bar` shape) as an inline
 * `svg` with `role="img"` and an accessible name. The table beside it is its accessible
 * alternative, so the marks inside are not read one by one. Colours are the theme's tokens
 * (`--color-*`, through the classes in analytics.css), so the chart follows light and dark.
 */
/**
 * The width the chart has on screen (its box, watched), so that it is drawn at that size and its
 * text stays readable on a phone instead of being scaled down; `fallback` until it is measured.
 */
export function useBoxWidth(fallback: number): [React.RefObject<SVGSVGElement | null>, number] {
  const ref = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const box = ref.current?.parentElement;
    if (!box || typeof ResizeObserver !== 'function') return;
    const measure = () => {
      const room = Math.floor(box.clientWidth);
      if (room > 0) setWidth(Math.min(fallback, room));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width];
}

export function BarChart({
  bars,
  label,
  className,
  width: widest = WIDTH,
  labelWidth: widestLabel = 180,
}: {
  bars: readonly Bar[];
  label: string;
  className?: string;
  /** the widest it is drawn (narrower when its box is) */
  width?: number;
  /** room on the left for the labels, at the widest */
  labelWidth?: number;
}) {
  const [ref, width] = useBoxWidth(widest);
  const labelWidth = Math.min(widestLabel, Math.round(width * 0.4));
  const height = Math.max(1, bars.length) * ROW;
  const rows = scaleBand<string>({ domain: bars.map((bar) => bar.key), range: [0, height], padding: 0.2 });
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  const lengths = scaleLinear<number>({ domain: [0, largest], range: [0, width - labelWidth - VALUE_ROOM] });
  const maxChars = Math.max(6, Math.floor(labelWidth / 7));
  return (
    <svg
      ref={ref}
      role="img"
      aria-label={label}
      className={className ?? 'analytics-chart'}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxWidth: width }}
      preserveAspectRatio="xMinYMin meet"
    >
      <Group left={labelWidth}>
        {bars.map((bar) => {
          const y = rows(bar.key) ?? 0;
          const band = rows.bandwidth();
          const length = Math.max(1, lengths(bar.value));
          return (
            <g key={bar.key}>
              <text
                x={-8}
                y={y + band / 2}
                textAnchor="end"
                dominantBaseline="middle"
                className="analytics-chart__label"
              >
                {shorten(bar.label, maxChars)}
              </text>
              <BarShape
                x={0}
                y={y}
                width={length}
                height={band}
                rx={3}
                className={bar.className ?? 'analytics-chart__bar'}
              />
              <text
                x={length + 6}
                y={y + band / 2}
                dominantBaseline="middle"
                className="analytics-chart__value"
              >
                {bar.value}
              </text>
            </g>
          );
        })}
      </Group>
    </svg>
  );
}
