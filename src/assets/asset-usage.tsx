import { useId } from 'react';
import { assetEventsRequested, broadcastRequested } from '../../streams/analytics/events';
import { selectAssetEvents, selectBroadcast } from '../../streams/analytics/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { formatDate, formatNumber, plural } from '../i18n/format';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { UsageChart } from './usage-chart';
import './messages';

/** The views and downloads of an asset's events list (protocol §18 `assetEvents`). */
function usageFigures(list: ReadonlyArray<{ key: string; count: number }>): {
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

/** A line of the broadcast data (protocol §18 `whereDamBroadcasted`, kept whole): read leniently. */
interface BroadcastLine {
  key: string;
  caption: string;
  count: number;
  lastDate: string | null;
}

function broadcastLines(data: unknown): BroadcastLine[] {
  const list = (data as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const line = item as Record<string, unknown> | null;
    if (!line || typeof line.count !== 'number') return [];
    const key = String(line.key ?? line.caption ?? '');
    const caption = typeof line.caption === 'string' && line.caption ? line.caption : key;
    const lastDate = typeof line.lastDate === 'string' ? line.lastDate : null;
    return [{ key, caption, count: line.count, lastDate }];
  });
}

/**
 * Where the asset was broadcast (channels, how many times, the last date): asked when the user
 * opens it, kept for the asset after that (issue 26: the asset page asks what it draws).
 */
function Broadcast({ uuid }: { uuid: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const entry = useAppState(selectBroadcast, uuid);
  const locale = useAppState(selectEffectiveLocale);
  if (entry.status !== 'loaded' && entry.status !== 'error') {
    const asking = entry.status === 'fetching';
    return (
      <button
        type="button"
        className="asset-usage__broadcast-open"
        onClick={() => dispatch(broadcastRequested({ uuid }))}
        disabled={asking}
        aria-busy={asking}
      >
        {t('assets.broadcast')}
      </button>
    );
  }
  if (entry.status === 'error') {
    return (
      <ErrorMessage
        role="status"
        lead={t('assets.broadcastFailed')}
        error={entry.error ?? { code: 'error', message: '' }}
        onRetry={() => dispatch(broadcastRequested({ uuid }))}
        retryLabel={t('assets.retry')}
      />
    );
  }
  const lines = broadcastLines(entry.data);
  return (
    <div className="asset-usage__broadcast">
      <h3>{t('assets.broadcast')}</h3>
      {lines.length === 0 ? (
        <p>{t('assets.broadcastNone')}</p>
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line.key}>
              {t(
                plural(locale, line.count, { one: 'assets.broadcastLineOne', other: 'assets.broadcastLine' }),
                {
                  channel: line.caption,
                  count: formatNumber(locale, line.count),
                  // a day (`YYYY-MM-DD`) is read as UTC midnight: shown in UTC, it stays that day
                  date: line.lastDate
                    ? formatDate(locale, line.lastDate, { dateStyle: 'medium', timeZone: 'UTC' })
                    : '',
                },
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Region "Usage": views and downloads of this asset, as figures and a small chart, and where it was broadcast. */
export function AssetUsage({ resource, id, uuid }: { resource: string; id: string; uuid?: string }) {
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
      {uuid && <Broadcast uuid={uuid} />}
    </section>
  );
}
