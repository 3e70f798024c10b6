import { useEffect, useId, useRef } from 'react';
import { Link } from 'wouter';
import { selectApiPath } from '../../streams/app/selectors';
import { config } from '../../streams/core/config';
import { fetchRequested } from '../../streams/entities/events';
import { selectEntity } from '../../streams/entities/selectors';
import { imageByQuery, viewerVariation } from '../../streams/players/selectors';
import type { RootState } from '../../streams/root';
import { selectIsWatermarked } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import type { MessageKey } from '../i18n/messages-en';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { formatNumber } from '../i18n/format';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage, type ErrorLike } from '../ui/error-message';
import { BarChart } from './bar-chart';
import './messages';

/** The asset schema's path: a top's key names `asset_{id}` (protocol §18). */
const ASSET_PATH = 'dam/data/asset';

/** One line of a top: the asset it counts and how many times. */
export interface TopLine {
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

const selectEntitiesByKey = (state: RootState) => state.entities?.byKey;

/** The name of a counted asset: its entity's name once read (asked once), else `resource id`. */
export function useAssetNames(lines: readonly TopLine[]): (line: TopLine) => string {
  const dispatch = useDispatch();
  const byKey = useAppState(selectEntitiesByKey);
  const wanted = [...new Set(lines.filter((line) => line.resource === 'asset').map((line) => line.id))].join(
    ',',
  );
  // read when the set of assets changes, not when an answer lands
  const known = useRef(byKey);
  known.current = byKey;
  useEffect(() => {
    for (const id of wanted.split(',').filter(Boolean)) {
      // an entity already asked (or read) is not asked again
      if (!known.current?.[`${ASSET_PATH}|${id}`]) dispatch(fetchRequested({ path: ASSET_PATH, id }));
    }
  }, [dispatch, wanted]);
  const state = { entities: { byKey: byKey ?? {} } } as Parameters<typeof selectEntity>[0];
  return (line) => {
    const entry = line.resource === 'asset' ? selectEntity(state, ASSET_PATH, line.id) : undefined;
    return entry?.name && entry.status === 'loaded' ? entry.name : `${line.resource} ${line.id}`;
  };
}

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
