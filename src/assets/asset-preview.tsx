import { useEffect, useRef, useState } from 'react';
import { selectApiPath } from '../../streams/app/selectors';
import { facesPreviewRequested } from '../../streams/entities/events';
import {
  selectDraft,
  selectFaces,
  selectFacesPreview,
  selectFacesPreviewStatus,
  selectVariations,
} from '../../streams/entities/selectors';
import { playerRequested } from '../../streams/players/events';
import { imageByQuery, selectPlayer, viewerVariation } from '../../streams/players/selectors';
import { selectIsWatermarked } from '../../streams/session/identity-selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { previewUrl } from './preview-url';
import { ServerPlayer } from './server-player';
import { ZoomableImage } from './zoomable-image';
import './messages';

type AssetKind = 'image' | 'video' | 'document';

/** The nature of an asset from its data: `assetnature.code`, else its mime type. */
export function assetKind(data: Record<string, unknown> | null | undefined): AssetKind {
  const nature = data?.assetnature;
  const code =
    nature && typeof nature === 'object' && 'code' in nature
      ? (nature as { code?: unknown }).code
      : undefined;
  if (code === 'video' || code === 'document' || code === 'image') return code;
  const mimetype = typeof data?.mimetype === 'string' ? data.mimetype : '';
  if (mimetype.startsWith('video/')) return 'video';
  if (mimetype === 'application/pdf' || mimetype.startsWith('application/')) return 'document';
  return 'image';
}

/** The page variations (`page1`..`pageN`) of a document, in page order. */
function pageNumbers(variations: ReadonlyArray<{ name: string; kind?: unknown }>): number[] {
  return variations
    .flatMap((variation) => {
      const match = /^page(\d+)$/.exec(variation.name);
      return match ? [Number(match[1])] : [];
    })
    .sort((a, b) => a - b);
}

const ASSET_PATH = 'dam/data/asset';

/** Marks the moment the preview is painted (the bench and the browser journey read it). */
const PREVIEW_PAINTED_MARK = 'asset-preview-painted';
function markPainted() {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') {
    performance.mark(PREVIEW_PAINTED_MARK);
  }
}

/** The large preview of an asset: zoomable picture, video, or the pages of a document. */
export function AssetPreview({
  resource,
  id,
  name,
  data,
}: {
  resource: string;
  id: string;
  name: string;
  data: Record<string, unknown> | null;
}) {
  const kind = assetKind(data);
  if (kind === 'video') return <VideoPreview resource={resource} id={id} name={name} />;
  if (kind === 'document') return <DocumentPreview resource={resource} id={id} name={name} />;
  return <ImagePreview resource={resource} id={id} name={name} />;
}

const hasDraft = (state: Parameters<typeof selectDraft>[0], path: string, id: string) =>
  selectDraft(state, path, id) !== null;

function ImagePreview({ resource, id, name }: { resource: string; id: string; name: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const apiPath = useAppState(selectApiPath);
  const watermarked = useAppState(selectIsWatermarked);
  const stored = useAppState(selectFaces, ASSET_PATH, id);
  // while the metadata has unsaved changes, the faces they would give (protocol §12.1 `?simu=true`)
  const editing = useAppState(hasDraft, ASSET_PATH, id);
  const previewStatus = useAppState(selectFacesPreviewStatus, ASSET_PATH, id);
  const previewed = useAppState(selectFacesPreview, ASSET_PATH, id);
  const ofDraft = editing && previewStatus === 'loaded';
  const faces = ofDraft ? previewed : stored;
  const [showFaces, setShowFaces] = useState(false);
  const src = previewUrl(apiPath, resource, id, watermarked);
  return (
    <ZoomableImage src={src} alt={name} faces={faces} showFaces={showFaces} onPainted={markPainted}>
      {faces.length > 0 && (
        <button type="button" aria-pressed={showFaces} onClick={() => setShowFaces((shown) => !shown)}>
          {t('assets.showFaces')}
        </button>
      )}
      {editing && (
        <button
          type="button"
          disabled={previewStatus === 'fetching'}
          onClick={() => {
            dispatch(facesPreviewRequested({ path: ASSET_PATH, id }));
            setShowFaces(true);
          }}
        >
          {t('assets.previewFaces')}
        </button>
      )}
      {ofDraft && (
        <span className="asset-zoom__note">{t('assets.facesOfDraft', { count: faces.length })}</span>
      )}
      {editing && previewStatus === 'error' && (
        <span role="status" className="asset-zoom__note">
          {t('assets.facesPreviewFailed')}
        </span>
      )}
    </ZoomableImage>
  );
}

/**
 * The pages of a document, one under the other. "Zoom page n" opens that page alone in the zoomable
 * viewer (buttons, wheel, + − 0, dragging); "All pages" comes back to the strip, and the focus with
 * it to the page's button.
 */
function DocumentPreview({ resource, id, name }: { resource: string; id: string; name: string }) {
  const t = useTranslate();
  const apiPath = useAppState(selectApiPath);
  const watermarked = useAppState(selectIsWatermarked);
  const variations = useAppState(selectVariations, resource, id);
  // the page zoomed is purely visual, as an open menu is
  const [zoomed, setZoomed] = useState<number | null>(null);
  const strip = useRef<HTMLOListElement>(null);
  const left = useRef<number | null>(null);
  useEffect(() => {
    if (zoomed !== null || left.current === null) return;
    strip.current?.querySelector<HTMLButtonElement>(`[data-page="${left.current}"]`)?.focus();
    left.current = null;
  }, [zoomed]);

  const pages = pageNumbers(variations ?? []);
  if (pages.length === 0) return <ImagePreview resource={resource} id={id} name={name} />;
  const sourceOf = (page: number) =>
    imageByQuery(apiPath, resource, id, viewerVariation(`page${page}`, watermarked));
  // the first page is the preview, named by the asset (UI-CONTRACT)
  const altOf = (page: number) => (page === pages[0] ? name : t('assets.page', { name, page }));

  if (zoomed !== null) {
    return (
      <ZoomedPage
        src={sourceOf(zoomed)}
        alt={altOf(zoomed)}
        label={t('assets.pageOf', { page: zoomed, count: pages.length })}
        onBack={() => {
          left.current = zoomed;
          setZoomed(null);
        }}
      />
    );
  }
  return (
    <ol ref={strip} className="asset-pages" aria-label={t('assets.pages')}>
      {pages.map((page, index) => (
        <li key={page} className="asset-pages__item">
          <img
            className="asset-pages__page"
            src={sourceOf(page)}
            alt={altOf(page)}
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
            onLoad={index === 0 ? markPainted : undefined}
          />
          <button
            type="button"
            className="asset-pages__zoom"
            data-page={page}
            onClick={() => setZoomed(page)}
          >
            {t('assets.zoomPage', { page })}
          </button>
        </li>
      ))}
    </ol>
  );
}

/** One page of a document in the zoomable viewer, with the way back to all pages (focused). */
function ZoomedPage({
  src,
  alt,
  label,
  onBack,
}: {
  src: string;
  alt: string;
  label: string;
  onBack: () => void;
}) {
  const t = useTranslate();
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <ZoomableImage src={src} alt={alt}>
      <button ref={back} type="button" onClick={onBack}>
        {t('assets.allPages')}
      </button>
      <span className="asset-zoom__note">{label}</span>
    </ZoomableImage>
  );
}

function VideoPreview({ resource, id, name }: { resource: string; id: string; name: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const apiPath = useAppState(selectApiPath);
  const watermarked = useAppState(selectIsWatermarked);
  const player = useAppState(selectPlayer, resource, id);
  const [useServer, setUseServer] = useState(false);
  const offered = player?.status === 'loaded' && player.data !== null;

  useEffect(() => {
    dispatch(playerRequested({ resource, id, width: '100%', height: '100%' }));
  }, [dispatch, resource, id]);

  return (
    <div className="asset-video">
      {useServer && offered ? (
        <ServerPlayer resource={resource} id={id} />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: the demo's videos have no caption track
        <video
          className="asset-video__player"
          controls
          preload="metadata"
          aria-label={name}
          src={imageByQuery(apiPath, resource, id, viewerVariation('video', watermarked))}
          poster={previewUrl(apiPath, resource, id, watermarked)}
          onLoadedData={markPainted}
        >
          {t('assets.videoUnsupported')}
        </video>
      )}
      {offered && (
        <button type="button" aria-pressed={useServer} onClick={() => setUseServer((on) => !on)}>
          {useServer ? t('assets.useBrowserPlayer') : t('assets.useServerPlayer')}
        </button>
      )}
    </div>
  );
}
