import { memo, type MouseEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Row } from '../../streams/cursors/model';
import { listedAssetHref } from '../assets/neighbours';
import { prefetchPreview } from '../assets/preview-url';
import { AddToCartButton } from '../carts/add-to-cart-button';
import { useTranslate } from '../i18n/use-translate';
import './results/messages';
import '../assets/metadata/messages';
import './results.css';

/** How long the pointer rests on a video tile before its preview plays (a pass over it plays nothing). */
const VIDEO_PREVIEW_DELAY_MS = 450;

type ResultKind = 'image' | 'video' | 'document';

/** The nature of a result: `assetnature.code`, else its mime type. */
export function resultKind(row: Row): ResultKind {
  const nature = row.assetnature;
  const code =
    nature && typeof nature === 'object' && 'code' in nature
      ? (nature as { code?: unknown }).code
      : undefined;
  if (code === 'video' || code === 'document' || code === 'image') return code;
  const mimetype = typeof row.mimetype === 'string' ? row.mimetype : '';
  if (mimetype.startsWith('video/')) return 'video';
  if (mimetype.startsWith('application/')) return 'document';
  return 'image';
}

/** `734` → `12:14`, `3725` → `1:02:05` (the row's `duration`, seconds). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** One preview plays at a time: starting one stops the one before. */
let stopPlaying: (() => void) | null = null;

const canHoverPreview = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(hover: hover)').matches &&
  !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A muted, looping preview of a video tile's `video` variation while the pointer rests on it. */
function useHoverPreview(enabled: boolean) {
  const [playing, setPlaying] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stop = useRef(() => setPlaying(false));
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (stopPlaying === stop.current) stopPlaying = null;
    },
    [],
  );
  if (!enabled) return { playing: false, handlers: {} };
  return {
    playing,
    handlers: {
      onMouseEnter: () => {
        if (!canHoverPreview()) return;
        timer.current = setTimeout(() => {
          stopPlaying?.();
          stopPlaying = stop.current;
          setPlaying(true);
        }, VIDEO_PREVIEW_DELAY_MS);
      },
      onMouseLeave: () => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        if (stopPlaying === stop.current) stopPlaying = null;
        setPlaying(false);
      },
    },
  };
}

interface ResultTileProps {
  row: Row;
  resource: string;
  name: string;
  imageUrl: string;
  /** the `video` variation of a video result (watermarked for a watermarked viewer); null: no preview */
  videoUrl: string | null;
  /** the asset page's large preview: fetched ahead when the tile is pointed at or focused */
  previewUrl: string;
  selected: boolean;
  /** names of my carts holding this result (empty: none, or the carts are not read) */
  inCarts: readonly string[] | undefined;
  /** `range`: shift-click, from the last toggled result to this one */
  onSelect(id: string, range: boolean): void;
  /** the search screen's query string: the asset page's "Back to results" returns to it */
  results: string;
}

/**
 * One result, as a DAM shows it: the thumbnail (a link to the asset page, named by the asset's
 * name, with the name as a caption over a dark gradient), its type, a video's duration, "In a
 * cart" when one of my carts holds it, "Select", and "Add to cart". Rows are frozen and shared
 * between pages, so a tile on screen is not drawn again when a page comes.
 */
export const ResultTile = memo(function ResultTile({
  row,
  resource,
  name,
  imageUrl,
  videoUrl,
  previewUrl,
  selected,
  inCarts,
  onSelect,
  results,
}: ResultTileProps) {
  const t = useTranslate();
  const id = String(row.id);
  const kind = resultKind(row);
  const duration = kind === 'video' && typeof row.duration === 'number' ? row.duration : null;
  const preview = useHoverPreview(kind === 'video' && videoUrl !== null);
  const carts = inCarts ?? [];
  return (
    <div
      className={`result-tile result-tile--${kind}${selected ? ' result-tile--selected' : ''}`}
      {...preview.handlers}
    >
      <Link
        className="result-tile__link"
        title={name}
        href={listedAssetHref(resource, id, 'search', results)}
        onPointerEnter={() => prefetchPreview(previewUrl)}
        onFocus={() => prefetchPreview(previewUrl)}
      >
        <img className="result-tile__image" src={imageUrl} alt="" loading="lazy" decoding="async" />
        {preview.playing && videoUrl && (
          <video
            className="result-tile__video"
            src={videoUrl}
            muted
            autoPlay
            loop
            playsInline
            preload="none"
            aria-hidden="true"
            tabIndex={-1}
          />
        )}
        <span className="result-tile__name">{name}</span>
      </Link>
      <input
        type="checkbox"
        className="result-tile__select"
        aria-label={t('selection.select')}
        checked={selected}
        // a shift-click selects the range; the checkbox shows what the state says
        onClick={(event: MouseEvent<HTMLInputElement>) => onSelect(id, event.shiftKey)}
        onChange={() => {}}
      />
      <span className="result-tile__badges">
        <span className="badge result-tile__type">{t(`results.type.${kind}`)}</span>
        {duration !== null && (
          <span className="badge result-tile__duration">
            <span className="visually-hidden">{t('results.duration', { value: '' })}</span>
            {formatDuration(duration)}
          </span>
        )}
      </span>
      <div className="result-tile__footer">
        {carts.length > 0 && (
          <span
            className="badge badge-info result-tile__in-cart"
            title={t('results.inCarts', { names: carts.join(', ') })}
          >
            {t('results.inCart')}
            <span className="visually-hidden">{`: ${carts.join(', ')}`}</span>
          </span>
        )}
        <AddToCartButton resource={resource} id={row.id} name={name} />
      </div>
    </div>
  );
});
