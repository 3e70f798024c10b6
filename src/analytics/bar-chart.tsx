import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar as BarShape } from '@visx/shape';
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
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
/** room between a label's end and its bar */
const LABEL_GAP = 8;
/** the labels' column takes at most this share of the chart; longer labels are shortened */
const LABEL_SHARE = 0.45;
/** width of a character of the 12 px labels, before the chart's font can be measured (or without a canvas) */
const ROUGH_CHAR_WIDTH = 7.5;

type Measure = (text: string) => number;

/**
 * How wide a text is drawn in the chart's label font, measured on a canvas once the chart is on
 * screen (its font comes from the stylesheet); a rough guess before, and where no canvas exists.
 */
function useLabelMeasure(chart: RefObject<SVGSVGElement | null>): Measure {
  const [font, setFont] = useState<string | null>(null);
  // after each render, before paint: the same font again changes nothing (React skips the update)
  useLayoutEffect(() => {
    const label = chart.current?.querySelector('text');
    if (!label) return;
    const style = getComputedStyle(label);
    setFont(`${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`);
  });
  return useMemo(() => {
    const context = font ? document.createElement('canvas').getContext?.('2d') : null;
    if (!context || !font) return (text: string) => text.length * ROUGH_CHAR_WIDTH;
    context.font = font;
    return (text: string) => context.measureText(text).width;
  }, [font]);
}

/** A label that fits `room` px: long names are cut with an ellipsis (the table gives them whole). */
function shorten(text: string, room: number, measure: Measure): string {
  if (measure(text) <= room) return text;
  let kept = text.length - 1;
  while (kept > 1 && measure(`${text.slice(0, kept).trimEnd()}…`) > room) kept -= 1;
  return `${text.slice(0, kept).trimEnd()}…`;
}

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

/**
 * Horizontal bars drawn with visx (its band and linear scales and its `Bar` shape) as an inline
 * `svg` with `role="img"` and an accessible name. The table beside it is its accessible
 * alternative, so the marks inside are not read one by one. Colours are the theme's tokens
 * (`--color-*`, through the classes in analytics.css), so the chart follows light and dark.
 */
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
  /** the most room on the left for the labels (they take less when they are short) */
  labelWidth?: number;
}) {
  const [ref, width] = useBoxWidth(widest);
  const measure = useLabelMeasure(ref);
  // the labels' column is as wide as the longest label needs, within its share of the chart
  const needed = Math.ceil(Math.max(0, ...bars.map((bar) => measure(bar.label)))) + LABEL_GAP;
  const labelWidth = Math.min(widestLabel, Math.round(width * LABEL_SHARE), needed);
  const height = Math.max(1, bars.length) * ROW;
  const rows = scaleBand<string>({ domain: bars.map((bar) => bar.key), range: [0, height], padding: 0.2 });
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  const lengths = scaleLinear<number>({ domain: [0, largest], range: [0, width - labelWidth - VALUE_ROOM] });
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
          const shown = shorten(bar.label, labelWidth - LABEL_GAP, measure);
          return (
            <g key={bar.key}>
              <text
                x={-LABEL_GAP}
                y={y + band / 2}
                textAnchor="end"
                dominantBaseline="middle"
                className="analytics-chart__label"
              >
                {shown}
                {shown !== bar.label && <title>{bar.label}</title>}
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
