import { BarChart } from '../analytics/bar-chart';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/**
 * Views and downloads of one asset as two horizontal bars, drawn by the analytics bar chart
 * (visx): an inline `svg` named by its figures. The figures are also shown as text next to it.
 */
export function UsageChart({ views, downloads }: { views: number; downloads: number }) {
  const t = useTranslate();
  return (
    <BarChart
      className="asset-usage__chart analytics-chart"
      label={t('assets.usageChart', { views, downloads })}
      width={260}
      labelWidth={130}
      bars={[
        { key: 'views', label: t('assets.views'), value: views, className: 'asset-usage__bar--views' },
        {
          key: 'downloads',
          label: t('assets.downloads'),
          value: downloads,
          className: 'asset-usage__bar--downloads',
        },
      ]}
    />
  );
}
