import { useTranslate } from '../i18n/use-translate';
import './messages';

const WIDTH = 240;
const BAR = 22;
const GAP = 10;
const LABEL = 90;

/**
 * Views and downloads of one asset as two horizontal bars: an inline `svg` named by its figures
 * (no charting library for two bars). The figures are also shown as text next to it.
 */
export function UsageChart({ views, downloads }: { views: number; downloads: number }) {
  const t = useTranslate();
  const largest = Math.max(views, downloads, 1);
  const bars = [
    { label: t('assets.views'), value: views, className: 'asset-usage__bar--views' },
    { label: t('assets.downloads'), value: downloads, className: 'asset-usage__bar--downloads' },
  ];
  const room = WIDTH - LABEL - 40;
  return (
    <svg
      className="asset-usage__chart"
      role="img"
      aria-label={t('assets.usageChart', { views, downloads })}
      viewBox={`0 0 ${WIDTH} ${bars.length * (BAR + GAP)}`}
      width={WIDTH}
      height={bars.length * (BAR + GAP)}
    >
      {bars.map((bar, index) => {
        const y = index * (BAR + GAP);
        const width = Math.round((bar.value / largest) * room);
        return (
          <g key={bar.className}>
            <text x={0} y={y + BAR / 2} dominantBaseline="middle" className="asset-usage__label">
              {bar.label}
            </text>
            <rect x={LABEL} y={y} width={Math.max(width, 1)} height={BAR} rx={3} className={bar.className} />
            <text
              x={LABEL + width + 6}
              y={y + BAR / 2}
              dominantBaseline="middle"
              className="asset-usage__value"
            >
              {bar.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
