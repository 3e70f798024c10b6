import { useId } from 'react';
import { assetEventsRequested } from '../../streams/analytics/events';
import { selectAssetEvents } from '../../streams/analytics/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { UsageChart } from './usage-chart';
import './messages';

/** The views and downloads of an asset's events list (protocol §18 `assetEvents`). */
export function usageFigures(list: ReadonlyArray<{ key: string; count: number }>): {
  views: number;
  downloads: number;
} {
  let views = 0;
  let downloads = 0;
  for (const entry of list) {
    if (entry.key === 'view') views += entry.count;
    else if (entry.key === 'download') downloads += entry.count;
  }
  return { views, downloads };
}

/** Region "Usage": views and downloads of this asset, as figures and a small chart. */
export function AssetUsage({ resource, id }: { resource: string; id: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const headingId = useId();
  const events = useAppState(selectAssetEvents, resource, id);
  // a fresh ask keeps the figures it had on screen
  const shown = events.status === 'loaded' || (events.status === 'fetching' && events.list.length > 0);
  const figures = shown ? usageFigures(events.list) : null;
  return (
    <section className="asset-usage" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('assets.usage')}</h2>
      {events.status === 'error' ? (
        <ErrorMessage
          role="status"
          lead={t('assets.usageFailed')}
          error={events.error ?? { code: 'error', message: '' }}
          onRetry={() => dispatch(assetEventsRequested({ resource, id }))}
          retryLabel={t('assets.retry')}
        />
      ) : figures ? (
        <>
          <dl className="asset-usage__figures">
            <div>
              <dt>{t('assets.views')}</dt>
              <dd>{figures.views}</dd>
            </div>
            <div>
              <dt>{t('assets.downloads')}</dt>
              <dd>{figures.downloads}</dd>
            </div>
          </dl>
          <UsageChart views={figures.views} downloads={figures.downloads} />
        </>
      ) : (
        <p role="status">{t('assets.usageLoading')}</p>
      )}
    </section>
  );
}
