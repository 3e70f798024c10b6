import { useId } from 'react';
import { objectDownloaded } from '../../streams/analytics/events';
import { selectApiPath } from '../../streams/app/selectors';
import { variationsRequested } from '../../streams/entities/events';
import { selectVariations, selectVariationsEntry } from '../../streams/entities/selectors';
import { imageByQuery, viewerVariation } from '../../streams/players/selectors';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { selectIsWatermarked } from '../../streams/session/identity-selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { formatSize } from '../i18n/format';
import './messages';
import { variationLabel } from './variation-label';

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

/** What a variation says of itself: its size in bytes and its dimensions, when the server gives them. */
function variationFacts(variation: Record<string, unknown>): {
  bytes: number | null;
  width: number | null;
  height: number | null;
} {
  return {
    bytes: numberOf(variation.filesize ?? variation.size ?? variation.bytes),
    width: numberOf(variation.width),
    height: numberOf(variation.height),
  };
}

/** Starts a download in the browser (an anchor the server answers with an attachment). */
function startDownload(url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** "Download": the original (`_w` for a watermarked viewer), logged as a download (protocol §18). */
export function DownloadButton({ resource, id }: { resource: string; id: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const apiPath = useAppState(selectApiPath);
  const watermarked = useAppState(selectIsWatermarked);
  return (
    <button
      type="button"
      className="button btn-primary"
      onClick={() => {
        dispatch(objectDownloaded({ resource, id }));
        startDownload(
          imageByQuery(apiPath, resource, id, viewerVariation('original', watermarked), { download: true }),
        );
      }}
    >
      {t('assets.download')}
    </button>
  );
}

/** Region "Variations": one download link per variation the server lists, named for people (`variationLabel`). */
export function AssetVariations({ resource, id }: { resource: string; id: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const headingId = useId();
  const apiPath = useAppState(selectApiPath);
  const locale = useAppState(selectEffectiveLocale);
  const variations = useAppState(selectVariations, resource, id);
  const entry = useAppState(selectVariationsEntry, resource, id);
  return (
    <section className="asset-variations" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('assets.variations')}</h2>
      {variations === undefined && <p role="status">{t('assets.variationsLoading')}</p>}
      {entry.status === 'error' && (
        <ErrorMessage
          role="status"
          lead={t('assets.variationsFailed')}
          error={entry.error ?? { code: 'error', message: '' }}
          onRetry={() => dispatch(variationsRequested({ resource, id }))}
          retryLabel={t('assets.retry')}
        />
      )}
      {variations && variations.length === 0 && entry.status !== 'error' && (
        <p>{t('assets.variationsNone')}</p>
      )}
      {variations && variations.length > 0 && (
        <ul className="asset-variations__list">
          {variations.map((variation) => {
            const { bytes, width, height } = variationFacts(variation);
            return (
              <li key={variation.name}>
                <a
                  href={imageByQuery(apiPath, resource, id, variation.name, { download: true })}
                  download=""
                  onClick={() => dispatch(objectDownloaded({ resource, id }))}
                >
                  {variationLabel(t, variation.name, variation.label)}
                </a>
                {width !== null && height !== null && (
                  <span className="asset-variations__fact">{t('assets.dimensions', { width, height })}</span>
                )}
                {bytes !== null && (
                  <span className="asset-variations__fact">{formatSize(bytes, locale)}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
