import { useEffect, useId, useRef } from 'react';
import { Link, useParams } from 'wouter';
import { assetEventsRequested, objectViewed } from '../../streams/analytics/events';
import { selectApiPath } from '../../streams/app/selectors';
import type { CachedAsset } from '../../streams/cache/events';
import { selectAssetFreshness, selectCachedAsset } from '../../streams/cache/selectors';
import type { Freshness } from '../../streams/cache/state';
import { splitItemKey } from '../../streams/carts/model';
import { fetchRequested, variationsRequested } from '../../streams/entities/events';
import { selectEntity } from '../../streams/entities/selectors';
import { navigated } from '../../streams/router/events';
import { selectLocation } from '../../streams/router/selectors';
import { SEARCH_ROUTE } from '../../streams/search/url';
import { selectIsWatermarked } from '../../streams/session/identity-selectors';
import { AddToCartButton } from '../carts/add-to-cart-button';
import { useDocumentTitle } from '../app/document-title';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { CachedNotice } from '../ui/cached-notice';
import { ErrorMessage } from '../ui/error-message';
import { ErrorView } from '../ui/error-view';
import { EmbedCode, MediaDescription } from './asset-media';
import { AssetPreview, assetKind } from './asset-preview';
import { AssetUsage } from './asset-usage';
import { AssetVariations, DownloadButton } from './asset-variations';
import { MetadataPanel } from './metadata/metadata-panel';
import { assetHref, backOf, fromOf, parseFrom, selectNeighbour } from './neighbours';
import { prefetchPreview, previewUrl } from './preview-url';
import { ReverseSearch } from './reverse-search';
import { isTyping } from './zoomable-image';
import './assets.css';
import './messages';

/** The asset schema's path (the brief's contract: resource `asset`, path `dam/data/asset`). */
export const ASSET_PATH = 'dam/data/asset';

/** The asset's `$uuid` (reverse image search and broadcast data are keyed by it), if it has one. */
const uuidOf = (data: Record<string, unknown>): string | undefined =>
  typeof data.$uuid === 'string' && data.$uuid ? data.$uuid : undefined;

/** The asset's status, if it was ever asked. */
const selectAssetStatus = (state: Parameters<typeof selectEntity>[0], id: string) =>
  selectEntity(state, ASSET_PATH, id)?.status;

/**
 * Asks what the page shows, once per asset opened: the asset, then, once it is found, its
 * variations, its usage and the view's log (an asset that answers 404 asks nothing more and is not
 * counted as viewed: issue 26).
 */
function useOpen(resource: string, id: string) {
  const dispatch = useDispatch();
  const opened = useRef<string | null>(null);
  const followed = useRef<string | null>(null);
  const found = useAppState(selectAssetStatus, id) === 'loaded';
  useEffect(() => {
    const key = `${resource}/${id}`;
    // strict mode runs effects twice: one open is one view
    if (opened.current === key) return;
    opened.current = key;
    dispatch(fetchRequested({ path: ASSET_PATH, id }));
  }, [dispatch, resource, id]);
  useEffect(() => {
    const key = `${resource}/${id}`;
    if (!found || followed.current === key) return;
    followed.current = key;
    dispatch(variationsRequested({ resource, id }));
    dispatch(objectViewed({ resource, id }));
    dispatch(assetEventsRequested({ resource, id }));
  }, [dispatch, resource, id, found]);
}

/** "Previous" and "Next" through the list the page was opened from, links and arrow keys. */
function ListNavigation({ resource, id }: { resource: string; id: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const { search } = useAppState(selectLocation);
  const from = fromOf(search);
  const back = backOf(search);
  const previous = useAppState(selectNeighbour, from, resource, id, -1);
  const next = useAppState(selectNeighbour, from, resource, id, 1);
  const apiPath = useAppState(selectApiPath);
  const watermarked = useAppState(selectIsWatermarked);
  useEffect(() => {
    const target = next && splitItemKey(next);
    if (target) prefetchPreview(previewUrl(apiPath, target.resource, target.id, watermarked));
  }, [next, apiPath, watermarked]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      const target = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : null;
      if (!target) return;
      event.preventDefault();
      const href = assetHref(target, from, back);
      const index = href.indexOf('?');
      dispatch(
        navigated({
          path: index < 0 ? href : href.slice(0, index),
          search: index < 0 ? '' : href.slice(index),
          via: 'link',
        }),
      );
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dispatch, previous, next, from, back]);

  if (!previous && !next) return null;
  return (
    <nav className="asset-page__list-nav" aria-label={t('assets.listNav')}>
      {previous && (
        <Link href={assetHref(previous, from, back)} rel="prev">
          {t('assets.previous')}
        </Link>
      )}
      {next && (
        <Link href={assetHref(next, from, back)} rel="next">
          {t('assets.next')}
        </Link>
      )}
    </nav>
  );
}

/** "Back to results" when the asset was opened from a search: to that search, with its query. */
function BackToResults() {
  const t = useTranslate();
  const { search } = useAppState(selectLocation);
  if (parseFrom(fromOf(search))?.kind !== 'search') return null;
  const back = backOf(search);
  return (
    <Link href={back ? `${SEARCH_ROUTE}?${back}` : SEARCH_ROUTE} className="asset-page__back">
      <span aria-hidden="true">← </span>
      {t('assets.backToResults')}
    </Link>
  );
}

function Skeleton() {
  const t = useTranslate();
  return (
    <div className="asset-page__skeleton" aria-busy="true">
      <p role="status" className="visually-hidden">
        {t('assets.loading')}
      </p>
      <div className="asset-skeleton asset-skeleton--title" />
      <div className="asset-skeleton asset-skeleton--preview" />
    </div>
  );
}

/** An asset page kept from the last visit (issue 25, offline reading): its name, preview and metadata, read only. */
function KeptAsset({
  resource,
  id,
  kept,
  freshness,
}: {
  resource: string;
  id: string;
  kept: CachedAsset;
  freshness: Freshness;
}) {
  const t = useTranslate();
  return (
    <article className="asset-page" aria-busy={freshness === 'stale'}>
      <header className="page-head asset-page__header">
        <BackToResults />
        <h1>{kept.name}</h1>
        <ListNavigation resource={resource} id={id} />
      </header>
      <CachedNotice freshness={freshness} />
      <div className="asset-page__body">
        <div className="asset-page__main">
          <section className="asset-page__preview" aria-label={t('assets.preview')}>
            <AssetPreview resource={resource} id={id} name={kept.name} data={kept.data} />
          </section>
          <MetadataPanel resource={resource} path={ASSET_PATH} id={id} kept={kept.data} />
        </div>
      </div>
    </article>
  );
}

/**
 * `/assets/:resource/:id`: the asset's name, a large preview (zoom and pan, video, pages), the
 * way through the list it came from, its variations and downloads, its usage, and its metadata;
 * for a video also its embed code and its media description.
 */
export function AssetPage() {
  const params = useParams<{ resource: string; id: string }>();
  const resource = decodeURIComponent(params.resource ?? 'asset');
  const id = decodeURIComponent(params.id ?? '');
  return <AssetScreen key={`${resource}/${id}`} resource={resource} id={id} />;
}

function AssetScreen({ resource, id }: { resource: string; id: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const entry = useAppState(selectEntity, ASSET_PATH, id);
  // the page as the last visit saw it, while this one's answer is on its way or out of reach
  const kept = useAppState(selectCachedAsset, id);
  const freshness = useAppState(selectAssetFreshness, id);
  const actionsId = useId();
  useOpen(resource, id);
  // the tab says which asset this is, as peers do, once its name is known
  useDocumentTitle(entry?.data ? entry.name : (kept?.name ?? t('title.asset')));

  const status = entry?.status;
  if (status === 'not_found') {
    return (
      <ErrorView
        error={{
          code: entry?.error?.code?.includes('404') ? entry.error.code : 'error.http.404',
          message: entry?.error?.message || entry?.name || `ID #${id} NOT FOUND`,
        }}
      />
    );
  }
  if (kept && !entry?.data && (freshness === 'offline' || (freshness === 'stale' && status !== 'error'))) {
    return <KeptAsset resource={resource} id={id} kept={kept} freshness={freshness} />;
  }
  if (status === 'error') {
    return (
      <section className="asset-page">
        <BackToResults />
        <ListNavigation resource={resource} id={id} />
        <ErrorMessage
          lead={t('assets.failed')}
          error={entry?.error ?? { code: 'error', message: entry?.name ?? '' }}
          onRetry={() => dispatch(fetchRequested({ path: ASSET_PATH, id }))}
          retryLabel={t('assets.retry')}
        />
      </section>
    );
  }
  if (!entry?.data) {
    return (
      <section className="asset-page">
        <BackToResults />
        <ListNavigation resource={resource} id={id} />
        <Skeleton />
      </section>
    );
  }

  const name = entry.name;
  // players, embed code and media descriptions are the server's for media (videos) only
  const isVideo = assetKind(entry.data) === 'video';
  return (
    <article className="asset-page">
      <header className="page-head asset-page__header">
        <BackToResults />
        <h1>{name}</h1>
        <ListNavigation resource={resource} id={id} />
      </header>
      <div className="asset-page__body">
        <div className="asset-page__main">
          <section className="asset-page__preview" aria-label={t('assets.preview')}>
            <AssetPreview resource={resource} id={id} name={name} data={entry.data} />
          </section>
          <MetadataPanel resource={resource} path={ASSET_PATH} id={id} />
        </div>
        <aside className="asset-page__side">
          <section className="asset-page__actions" aria-labelledby={actionsId}>
            <h2 id={actionsId} className="visually-hidden">
              {t('assets.actions')}
            </h2>
            <DownloadButton resource={resource} id={id} />
            <AddToCartButton resource={resource} id={id} name={name} />
            {uuidOf(entry.data) && <ReverseSearch uuid={uuidOf(entry.data) as string} />}
            {isVideo && <EmbedCode resource={resource} id={id} />}
          </section>
          {isVideo && <MediaDescription resource={resource} id={id} />}
          <AssetVariations resource={resource} id={id} />
          <AssetUsage resource={resource} id={id} uuid={uuidOf(entry.data)} />
        </aside>
      </div>
    </article>
  );
}
