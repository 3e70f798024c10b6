import { useEffect, useId, useState } from 'react';
import { topRequested, trendRequested } from '../../streams/analytics/events';
import { selectTop, selectTopName, selectTrend, TOP_PERIODS } from '../../streams/analytics/selectors';
import { config } from '../../streams/core/config';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { formatDate, formatNumber } from '../i18n/format';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { type TopView, TopSection, useAssetNames } from './top-section';
import { TrendChart } from './trend-chart';
import './analytics.css';
import './messages';

type Kind = 'view' | 'download';

/** What a top section shows for the chosen period: a top loaded for another period is still loading. */
function useTop(kind: Kind, onlyMine: boolean, nbrDays: number): [TopView, () => void] {
  const dispatch = useDispatch();
  const name = selectTopName(kind, onlyMine);
  const entry = useAppState(selectTop, name);
  const ask = () => {
    dispatch(topRequested({ name, nbrDays, max: config.analyticsTopMax }));
  };
  useEffect(ask, [dispatch, name, nbrDays]);
  const current = entry.status === 'loaded' && entry.nbrDays === nbrDays;
  const view: TopView =
    entry.status === 'error'
      ? { status: 'error', lines: [], error: entry.error }
      : { status: current ? 'loaded' : 'loading', lines: current ? entry.data : [], error: null };
  return [view, ask];
}

/**
 * The daily trend of views and downloads. It is the demo server's own call, not the protocol's: a
 * server without it leaves the panel saying so, and the rest of the screen as it is.
 */
function Trend({ nbrDays, onlyMine }: { nbrDays: number; onlyMine: boolean }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const headingId = useId();
  const trend = useAppState(selectTrend, nbrDays, onlyMine);
  const locale = useAppState(selectEffectiveLocale);
  // a day (`YYYY-MM-DD`) is read as UTC midnight: shown in UTC, it stays that day
  const dayText = (day: string) => formatDate(locale, day, { dateStyle: 'medium', timeZone: 'UTC' }) || day;
  const ask = () => {
    dispatch(trendRequested({ nbrDays, onlyCurrentUser: onlyMine }));
  };
  useEffect(ask, [dispatch, nbrDays, onlyMine]);
  return (
    <section className="analytics-trend card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('analytics.trend')}</h2>
      {trend.status === 'not_found' ? (
        <p role="status">{t('analytics.trendUnavailable')}</p>
      ) : trend.status === 'error' ? (
        <ErrorMessage
          role="status"
          lead={t('analytics.trendFailed')}
          error={trend.error ?? { code: 'error', message: '' }}
          onRetry={ask}
          retryLabel={t('analytics.retry')}
        />
      ) : trend.status !== 'loaded' ? (
        <p role="status">{t('analytics.loading')}</p>
      ) : (
        <>
          <TrendChart
            days={trend.days}
            dayText={dayText}
            label={t('analytics.trendChart')}
            viewsLabel={t('analytics.views')}
            downloadsLabel={t('analytics.downloads')}
          />
          <details>
            <summary>{t('analytics.showTable')}</summary>
            <table className="analytics-table">
              <caption className="visually-hidden">{t('analytics.trendTable')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('analytics.day')}</th>
                  <th scope="col">{t('analytics.views')}</th>
                  <th scope="col">{t('analytics.downloads')}</th>
                </tr>
              </thead>
              <tbody>
                {trend.days.map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{dayText(day.day)}</th>
                    <td className="analytics-table__count">{formatNumber(locale, day.views)}</td>
                    <td className="analytics-table__count">{formatNumber(locale, day.downloads)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}

/**
 * `/analytics`: "Most viewed" and "Most downloaded" (protocol §18 tops, 24 lines, 30 days at
 * first), each a bar chart and the table of the same figures; "Only mine" reads the `User` tops;
 * "Period" asks the tops again for 7, 30, 90, 365 days or all; the daily trend below (or
 * that the server has none). The period and "Only mine" are the screen's own (not kept in the address).
 */
export function AnalyticsPage() {
  const t = useTranslate();
  const [onlyMine, setOnlyMine] = useState(false);
  const [nbrDays, setNbrDays] = useState<number>(config.analyticsTopUiDays);
  const [views, retryViews] = useTop('view', onlyMine, nbrDays);
  const [downloads, retryDownloads] = useTop('download', onlyMine, nbrDays);
  // both tops answered (or failed): their assets are named together
  const settled = views.status !== 'loading' && downloads.status !== 'loading';
  const nameOf = useAssetNames([...views.lines, ...downloads.lines], settled);
  return (
    <div className="analytics-page">
      <h1>{t('analytics.title')}</h1>
      <div className="analytics-page__controls toolbar">
        <label>
          <input type="checkbox" checked={onlyMine} onChange={(event) => setOnlyMine(event.target.checked)} />{' '}
          {t('analytics.onlyMine')}
        </label>
        <label>
          {t('analytics.period')}{' '}
          <select value={String(nbrDays)} onChange={(event) => setNbrDays(Number(event.target.value))}>
            {TOP_PERIODS.map((days) => (
              <option key={days} value={String(days)}>
                {days > 0 ? t('analytics.days', { days }) : t('analytics.allDays')}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="analytics-page__tops">
        <TopSection
          heading="analytics.mostViewed"
          chartLabel="analytics.viewsChart"
          countLabel="analytics.views"
          top={views}
          nameOf={nameOf}
          onRetry={retryViews}
        />
        <TopSection
          heading="analytics.mostDownloaded"
          chartLabel="analytics.downloadsChart"
          countLabel="analytics.downloads"
          top={downloads}
          nameOf={nameOf}
          onRetry={retryDownloads}
        />
      </div>
      <Trend nbrDays={nbrDays} onlyMine={onlyMine} />
    </div>
  );
}
