import { useEffect } from 'react';
import { Link } from 'wouter';
import { selectApiPath } from '../../../streams/app/selectors';
import { config } from '../../../streams/core/config';
import { fetchRequested, registrationRequested } from '../../../streams/cursors/events';
import { selectCursor, selectCursorRows, selectCursorStatus } from '../../../streams/cursors/selectors';
import { fetchRequested as entityFetchRequested } from '../../../streams/entities/events';
import { selectEntity } from '../../../streams/entities/selectors';
import { imageByQuery, viewerVariation } from '../../../streams/players/selectors';
import { selectIsWatermarked } from '../../../streams/session/identity-selectors';
import { AssetPreview } from '../../assets/asset-preview';
import { useAppState } from '../../hooks/use-app-state';
import { useDispatch } from '../../hooks/use-dispatch';
import { useTranslate } from '../../i18n/use-translate';
import { ErrorMessage } from '../../ui/error-message';
import {
  ASSET_LIST_DEFAULT_MAX,
  type Block,
  assetIdOf,
  numberProp,
  stringProp,
  withProp,
} from '../block-model';
import { usePageEditing } from '../page-editing';
import { BlockTitle, EditableText } from './text-blocks';
import '../messages';

/** The asset schema's path (the asset page's). */
const ASSET_PATH = 'dam/data/asset';

function useImage(id: string, variation: string): string {
  const apiPath = useAppState(selectApiPath);
  const watermarked = useAppState(selectIsWatermarked);
  return imageByQuery(apiPath, 'asset', id, viewerVariation(variation, watermarked));
}

/** A picture of an asset (`props.assetId`), `props.alt` (else the block's name) as its text. */
export function ImageBlock({ block }: { block: Block }) {
  const id = assetIdOf(block.props);
  if (!id) return null;
  return <ImageOf block={block} id={id} />;
}

function ImageOf({ block, id }: { block: Block; id: string }) {
  const src = useImage(id, stringProp(block.props, 'variation') || 'preview');
  const alt = stringProp(block.props, 'alt') || block.name;
  return (
    <figure className="page-image">
      <img src={src} alt={alt} loading="lazy" decoding="async" />
    </figure>
  );
}

/** A banner: a title, a subtitle and an asset's picture behind them. */
export function HeroBlock({ block }: { block: Block }) {
  const { editing, change } = usePageEditing();
  const title = stringProp(block.props, 'title');
  const subtitle = stringProp(block.props, 'subtitle');
  const id = assetIdOf(block.props);
  const set = (key: string) => (text: string) => change(block, { props: withProp(block, key, text) });
  return (
    <section className="page-hero">
      {id && <HeroPicture id={id} />}
      <div className="page-hero__text">
        {editing ? (
          <>
            <h2>
              <EditableText block={block} value={title} onChange={set('title')} />
            </h2>
            <EditableText block={block} value={subtitle} onChange={set('subtitle')} multiline subtitle />
          </>
        ) : (
          <>
            {title && <h2>{title}</h2>}
            {subtitle && <p>{subtitle}</p>}
          </>
        )}
      </div>
    </section>
  );
}

function HeroPicture({ id }: { id: string }) {
  const src = useImage(id, 'preview');
  // decorative: the title says what the banner is about
  return <img className="page-hero__picture" src={src} alt="" decoding="async" />;
}

/** The settings an asset list is listed with, from its props (6 items by default: protocol §14.2). */
function assetListSettings(props: Record<string, unknown>) {
  const max = numberProp(props, 'max');
  const orderby = props.orderby;
  const query = props.query;
  return {
    max: max && max > 0 ? Math.floor(max) : ASSET_LIST_DEFAULT_MAX,
    orderby:
      typeof orderby === 'string' && orderby
        ? [orderby]
        : Array.isArray(orderby)
          ? orderby.filter((item): item is string => typeof item === 'string')
          : [],
    fulltext: stringProp(props, 'fulltext'),
    staticQuery:
      query && typeof query === 'object' && !Array.isArray(query) ? (query as Record<string, unknown>) : null,
  };
}

/** One list per block and settings: a change of settings lists again under a new name. */
function assetListCursorName(block: Pick<Block, 'uid' | 'props'>): string {
  return `pages:${block.uid}:${JSON.stringify(assetListSettings(block.props))}`;
}

/** Up to `max` (6) assets as thumbnails linking to their asset page, under the block's title. */
export function AssetListBlock({ block }: { block: Block }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const title = stringProp(block.props, 'title');
  const name = assetListCursorName(block);
  const settings = assetListSettings(block.props);
  const known = useAppState(selectCursor, name) !== undefined;
  const status = useAppState(selectCursorStatus, name);
  const rows = useAppState(selectCursorRows, name);
  const watermarked = useAppState(selectIsWatermarked);
  const apiPath = useAppState(selectApiPath);

  const asked = JSON.stringify(settings);
  useEffect(() => {
    if (known) return;
    const { max, orderby, fulltext, staticQuery } = JSON.parse(asked) as ReturnType<typeof assetListSettings>;
    dispatch(
      registrationRequested({
        name,
        path: ASSET_PATH,
        max,
        orderby,
        fulltext,
        // no query of its own: the lists' default static query applies
        ...(staticQuery ? { staticQuery } : {}),
      }),
    );
    dispatch(fetchRequested({ name }));
  }, [dispatch, known, name, asked]);

  const variation = viewerVariation(config.defaultVariation, watermarked);
  const shown = rows.slice(0, settings.max);
  return (
    <section className="page-asset-list" aria-label={title || block.name}>
      <BlockTitle block={block} title={title} />
      {status === 'error' ? (
        <ErrorMessage
          role="status"
          lead={t('pages.assetsFailed')}
          error={{ code: 'error', message: '' }}
          onRetry={() => dispatch(fetchRequested({ name }))}
          retryLabel={t('pages.retry')}
        />
      ) : shown.length === 0 ? (
        <p role="status">{status === 'loaded' ? t('pages.assetsNone') : t('pages.assetsLoading')}</p>
      ) : (
        <ul className="page-asset-list__items">
          {shown.map((row) => {
            const id = String(row.id);
            const label = typeof row.name === 'string' && row.name ? row.name : t('pages.asset', { id });
            return (
              <li key={id}>
                <Link href={`/assets/asset/${encodeURIComponent(id)}`}>
                  <img
                    src={imageByQuery(apiPath, 'asset', id, variation)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                  <span>{label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** An asset's player (video, picture or document pages), the asset page's own preview. */
export function PlayerBlock({ block }: { block: Block }) {
  const id = assetIdOf(block.props);
  if (!id) return null;
  return <PlayerOf id={id} />;
}

function PlayerOf({ id }: { id: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const entry = useAppState(selectEntity, ASSET_PATH, id);
  const status = entry?.status;
  useEffect(() => {
    if (!status) dispatch(entityFetchRequested({ path: ASSET_PATH, id }));
  }, [dispatch, status, id]);
  if (!entry?.data) {
    return status === 'error' || status === 'not_found' ? null : (
      <p role="status">{t('pages.assetsLoading')}</p>
    );
  }
  return (
    <div className="page-player">
      <AssetPreview resource="asset" id={id} name={entry.name} data={entry.data} />
      <p className="page-player__caption">
        <Link href={`/assets/asset/${encodeURIComponent(id)}`}>{entry.name}</Link>
      </p>
    </div>
  );
}
