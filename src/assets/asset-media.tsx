import { useEffect, useId, useState } from 'react';
import { selectApiPath } from '../../streams/app/selectors';
import { descriptionRequested, embedRequested, freePlayerRequested } from '../../streams/players/events';
import {
  embedCodeOf,
  freePlayerCodeOf,
  MEDIA_DEFAULTS,
  type MediaEntry,
  mediaDescriptionUrl,
  selectEmbed,
  selectFreePlayer,
  selectMediaDescription,
} from '../../streams/players/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { formatNumber, formatSize } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { formatDuration } from '../search/result-tile';
import { ErrorMessage } from '../ui/error-message';
import './messages';

type Translate = ReturnType<typeof useTranslate>;

/** Members of a description the rows below already say, or that only a player reads. */
const SHOWN_APART = new Set([
  'object',
  'id',
  'uuid',
  'title',
  'poster',
  'sources',
  'mediaType',
  'duration',
  'width',
  'height',
  'container',
  'codecs',
  'hasAudio',
  'frameRate',
  'size',
]);

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** `{video: 'vp8', audio: 'opus'}`, `['vp8', 'opus']` or `'vp8, opus'`, as one line. */
function codecsOf(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (Array.isArray(value)) return value.filter((one) => typeof one === 'string').join(', ') || null;
  if (value && typeof value === 'object') {
    const parts = Object.entries(value).flatMap(([track, codec]) =>
      typeof codec === 'string' ? [`${codec} (${track})`] : [],
    );
    return parts.join(', ') || null;
  }
  return null;
}

/** The formats of the description's sources (`video/webm`, …), without repeats. */
function formatsOf(sources: unknown): string | null {
  if (!Array.isArray(sources)) return null;
  const types = sources.flatMap((source) =>
    source && typeof source === 'object' && typeof (source as { mimetype?: unknown }).mimetype === 'string'
      ? [(source as { mimetype: string }).mimetype]
      : [],
  );
  return [...new Set(types)].join(', ') || null;
}

/** The rows of a media description in words: the members the portal knows, then any other plain value. */
function describedRows(
  data: Record<string, unknown>,
  t: Translate,
  locale: string,
): Array<{ label: string; value: string }> {
  const rows: Array<{ label: string; value: string | null }> = [];
  const duration = numberOf(data.duration);
  const width = numberOf(data.width);
  const height = numberOf(data.height);
  const frameRate = numberOf(data.frameRate);
  const size = numberOf(data.size);
  rows.push({
    label: t('assets.mediaType'),
    value: typeof data.mediaType === 'string' ? data.mediaType : null,
  });
  rows.push({ label: t('assets.mediaDuration'), value: duration === null ? null : formatDuration(duration) });
  rows.push({
    label: t('assets.mediaDimensions'),
    value:
      width === null || height === null
        ? null
        : t('assets.dimensions', {
            width: formatNumber(locale, width),
            height: formatNumber(locale, height),
          }),
  });
  rows.push({ label: t('assets.mediaFormats'), value: formatsOf(data.sources) });
  rows.push({
    label: t('assets.mediaContainer'),
    value: typeof data.container === 'string' ? data.container : null,
  });
  rows.push({ label: t('assets.mediaCodecs'), value: codecsOf(data.codecs) });
  rows.push({
    label: t('assets.mediaSound'),
    value:
      typeof data.hasAudio === 'boolean' ? t(data.hasAudio ? 'assets.mediaYes' : 'assets.mediaNo') : null,
  });
  rows.push({
    label: t('assets.mediaFrameRate'),
    value: frameRate === null ? null : t('assets.mediaFps', { fps: formatNumber(locale, frameRate) }),
  });
  rows.push({ label: t('assets.mediaSize'), value: size === null ? null : formatSize(size, locale) });
  for (const [key, value] of Object.entries(data)) {
    if (SHOWN_APART.has(key) || key.startsWith('$')) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      rows.push({ label: key, value: String(value) });
    }
  }
  return rows.filter(
    (row): row is { label: string; value: string } => row.value !== null && row.value !== '',
  );
}

/**
 * "Media": what the server's media description says of a video (protocol §13.1 describeMedia,
 * cached 20 s by the players epic). A description the server does not have (404, null) shows nothing.
 */
export function MediaDescription({ resource, id }: { resource: string; id: string }) {
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  const headingId = useId();
  const entry = useAppState(selectMediaDescription, resource, id);

  useEffect(() => {
    dispatch(descriptionRequested({ resource, id }));
  }, [dispatch, resource, id]);

  const retry = () => dispatch(descriptionRequested({ resource, id, retry: true }));
  if (entry?.status === 'loaded' && entry.data === null) return null;
  return (
    <section className="asset-media" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('assets.media')}</h2>
      {entry?.status === 'error' && entry.error ? (
        <ErrorMessage
          role="status"
          lead={t('assets.mediaFailed')}
          error={entry.error}
          onRetry={retry}
          retryLabel={t('assets.retry')}
        />
      ) : entry?.data ? (
        <dl className="asset-media__facts">
          {describedRows(entry.data, t, locale).map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p role="status">{t('assets.mediaLoading')}</p>
      )}
    </section>
  );
}

/** A read-only code box with its Copy button (the clipboard is the browser's, not the store's). */
function CodeBox({ label, code }: { label: string; code: string }) {
  const t = useTranslate();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = () => {
    if (!navigator.clipboard) {
      setCopied('no');
      return;
    }
    navigator.clipboard.writeText(code).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  };
  return (
    <div className="asset-embed__code">
      <textarea
        aria-label={label}
        readOnly
        rows={4}
        value={code}
        // one click selects it all, for a copy by keyboard when the clipboard is refused
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" onClick={copy}>
        {t('assets.copy')}
      </button>
      {copied && <span role="status">{t(copied === 'yes' ? 'assets.copied' : 'assets.copyRefused')}</span>}
    </div>
  );
}

/**
 * "Embed code": the asset's player to paste in another site (POST embed.json), and the free player
 * set on this asset's description (htmlAndJsFreePlayer.json); both cached 60 s by the players epic.
 */
export function EmbedCode({ resource, id }: { resource: string; id: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const panelId = useId();
  const apiPath = useAppState(selectApiPath);
  const embed = useAppState(selectEmbed, resource, id);
  const free = useAppState(selectFreePlayer);
  const [open, setOpen] = useState(false);
  const [freeOpen, setFreeOpen] = useState(false);

  const ask = (retry: boolean) => {
    const size = MEDIA_DEFAULTS.size;
    dispatch(embedRequested({ resource, id, width: size, height: size, options: {}, retry }));
  };
  const freeCode = free?.data
    ? freePlayerCodeOf(free.data, mediaDescriptionUrl(apiPath, resource, id))
    : null;

  return (
    <div className="asset-embed">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (!open) ask(false);
          setOpen(!open);
        }}
      >
        {t('assets.embedCode')}
      </button>
      {open && (
        <div id={panelId} className="asset-embed__panel">
          {embed?.status === 'error' && embed.error ? (
            <ErrorMessage
              lead={t('assets.embedFailed')}
              error={embed.error}
              onRetry={() => ask(true)}
              retryLabel={t('assets.retry')}
            />
          ) : embed?.data ? (
            <CodeBox label={t('assets.embedCode')} code={embedCodeOf(embed.data)} />
          ) : (
            <p role="status">{t('assets.embedLoading')}</p>
          )}
          {/* folded, and asked only once unfolded: most users want the embed code alone */}
          <details
            className="asset-embed__free"
            onToggle={(event) => {
              const unfolded = event.currentTarget.open;
              if (unfolded) dispatch(freePlayerRequested({}));
              setFreeOpen(unfolded);
            }}
          >
            <summary>{t('assets.freePlayer')}</summary>
            {freeOpen && <FreePlayer free={free} code={freeCode} />}
          </details>
        </div>
      )}
    </div>
  );
}

/** The free player's code once unfolded: loading, the code, none offered, or its failure. */
function FreePlayer({ free, code }: { free: MediaEntry | null; code: string | null }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  return (
    <>
      <p className="asset-embed__hint">{t('assets.freePlayerHint')}</p>
      {free?.status === 'error' && free.error ? (
        <ErrorMessage
          role="status"
          lead={t('assets.freePlayerFailed')}
          error={free.error}
          onRetry={() => dispatch(freePlayerRequested({ retry: true }))}
          retryLabel={t('assets.retry')}
        />
      ) : code ? (
        <CodeBox label={t('assets.freePlayerCode')} code={code} />
      ) : free?.status === 'loaded' ? (
        <p>{t('assets.freePlayerNone')}</p>
      ) : (
        <p role="status">{t('assets.embedLoading')}</p>
      )}
    </>
  );
}
