import { useEffect, useId } from 'react';
import { Link } from 'wouter';
import { selectApiPath } from '../../streams/app/selectors';
import { config } from '../../streams/core/config';
import { namesRequested } from '../../streams/entities/events';
import { selectKnownNames } from '../../streams/entities/selectors';
import { imageByQuery, viewerVariation } from '../../streams/players/selectors';
import { selectIsWatermarked } from '../../streams/session/identity-selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import type { MessageKey } from '../i18n/messages-en';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { formatNumber } from '../i18n/format';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage, type ErrorLike } from '../ui/error-message';
import { BarChart } from './bar-chart';
import './messages';

/** One line of a top: the asset it counts and how many times. */
interface TopLine {
  resource: string;
  id: string;
  count: number;
}

/** What a top section shows: the lines once loaded, the failure, or nothing yet. */
export interface TopView {
  status: 'loading' | 'loaded' | 'error';
  lines: readonly TopLine[];
  error: ErrorLike | null;
}

/**
 * The name of a counted asset, else `resource id`. The names of the lines are asked once the tops
 * have all answered (`settled`), so that both tops' assets come in one list request (issue 26);
 * the entities domain asks only the ids it has not asked yet.
 */
export function useAssetNames(lines: readonly TopLine[], settled: boolean): (line: TopLine) => string {
  const dispatch = useDispatch();
  const names = useAppState(selectKnownNames);
  const byResource: Record<string, string[]> = {};
  for (const { resource, id } of lines) {
    if (!resource) continue;
    const ids = byResource[resource] ?? [];
    if (!ids.includes(id)) byResource[resource] = [...ids, id];
  }
  // a text, so that the effect runs when the assets change, not on every render
  const wanted = settled ? JSON.stringify(byResource) : '{}';
  useEffect(() => {
    for (const [resource, ids] of Object.entries(JSON.parse(wanted) as Record<string, string[]>))
      dispatch(namesRequested({ path: assetPath(resource), ids }));
  }, [dispatch, wanted]);
  return (line) => names[assetPath(line.resource)]?.[line.id] ?? `${line.resource} ${line.id}`;
}

/** Where the assets of a top's resource are listed (protocol §8.1). */
const assetPath = (resource: string) => `dam/data/${resource}`;

/**
 * A top (protocol §18 `topDamView` / `topDamDownload`): a heading, a bar chart with an accessible
 * name, and the table of the same figures (thumbnail, the name linking to the asset page, count).
 */
export function TopSection({
  heading,
  chartLabel,
  countLabel,
  top,
  nameOf,
  onRetry,
}: {
  heading: MessageKey;
  chartLabel: MessageKey;
  countLabel: MessageKey;
  top: TopView;
  /** the name of a counted asset (useAssetNames, once for both tops) */
  nameOf(line: TopLine): string;
  onRetry(): void;
}) {
  const t = useTranslate();
  const headingId = useId();
  const apiPath = useAppState(selectApiPath);
  const watermarked = useAppState(selectIsWatermarked);
  const locale = useAppState(selectEffectiveLocale);
  const variation = viewerVariation(config.defaultVariation, watermarked);
  const rows = top.lines.map((line) => ({ ...line, key: `${line.resource}_${line.id}`, name: nameOf(line) }));
  return (
    <section className="analytics-top card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(heading)}</h2>
      {top.status === 'error' ? (
        <ErrorMessage
          role="status"
          lead={t('analytics.failed')}
          error={top.error ?? { code: 'error', message: '' }}
          onRetry={onRetry}
          retryLabel={t('analytics.retry')}
        />
      ) : top.status === 'loading' && rows.length === 0 ? (
        <p role="status">{t('analytics.loading')}</p>
      ) : (
        <div aria-busy={top.status === 'loading'}>
          <BarChart
            label={t(chartLabel)}
            bars={rows.map((row) => ({ key: row.key, label: row.name, value: row.count }))}
          />
          {rows.length === 0 ? (
            <p>{t('analytics.empty')}</p>
          ) : (
            <table className="analytics-table">
              <caption className="visually-hidden">{t(heading)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('analytics.thumbnail')}</th>
                  <th scope="col">{t('analytics.asset')}</th>
                  <th scope="col">{t(countLabel)}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <td>
                      <img
                        src={imageByQuery(apiPath, row.resource, row.id, variation)}
                        alt=""
                        loading="lazy"
                      />
                    </td>
                    <td>
                      <Link
                        href={`/assets/${encodeURIComponent(row.resource)}/${encodeURIComponent(row.id)}`}
                      >
                        {row.name}
                      </Link>
                    </td>
                    <td className="analytics-table__count">{formatNumber(locale, row.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}
