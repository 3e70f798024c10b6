import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import {
  type ShownItem,
  selectShareAction,
  selectShared,
  selectSharedImages,
  selectSharedItemGroups,
  selectVariation,
} from '../../streams/carts/selectors';
import {
  shareActionRequested,
  shareCopyRequested,
  sharedCartOpened,
  shareDownloadRequested,
  sharedImagesReleased,
  sharedImagesRequested,
  sharedPreviewRequested,
} from '../../streams/carts/share-events';
import { itemMapOf } from '../../streams/carts/model';
import { config } from '../../streams/core/config';
import { usePortal } from '../app/store-context';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useCodeLabel } from '../i18n/code-labels';
import { formatNumber, plural } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { SignInFirst } from '../session/sign-in-first/sign-in-first';
import { EmptyState } from '../ui/empty-state';
import { ErrorMessage } from '../ui/error-message';
import { LoadingState } from '../ui/loading-state';
import { ItemLightbox } from './item-lightbox';
import { PasswordGate } from './password-gate';
import { ShareComment } from './share-comment';
import { ShareGrid, sharedItemName } from './share-grid';
import { useSharePassword } from './use-share-password';
import './messages';
import './share.css';

/** The lightbox's picture: the `preview` variation (its watermarked form for a watermarked viewer). */
const PREVIEW_NAMES = { defaultVariation: 'preview', watermarkSuffix: config.watermarkSuffix };

/** Codes with their own control on this page; any other code the share allows is a plain button. */
const OWN_CONTROLS = new Set(['view', 'download', 'comment', 'copy']);

/** A file name the usual systems take: no path separators or reserved characters. */
function fileNameOf(name: string, fallback: string): string {
  const printable = [...name].filter((char) => char.charCodeAt(0) >= 32).join('');
  const safe = printable
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 120);
  return `${safe || fallback}.zip`;
}

/** An item's file name without its extension ("beach.jpg" → "beach"): the zip holds the file. */
const baseNameOf = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '');

/** The outcome of the latest request of one kind (each control follows its own). */
function useOutcome() {
  const [requestId, setRequestId] = useState<string | null>(null);
  const outcome = useAppState(selectShareAction, requestId);
  const follow = useCallback((request: { meta: { id: string } } | undefined | null) => {
    setRequestId(request?.meta.id ?? null);
  }, []);
  return [outcome, follow] as const;
}

function Heading({ children }: { children: string }) {
  return <h1 className="share-page__title">{children}</h1>;
}

/**
 * `/share/:uuid`: a shared cart opened from a link. Without a password no Authorization is
 * sent; a 401 asks for one (kept for the tab, so a reload does not ask again), a 401 after a
 * password says it is wrong or changed; 404 is an unknown or expired link; anything else is an
 * error with a retry (protocol §6.4, §23.5). The share's actions are its features: download one
 * item or all, copy to my carts, comment.
 */
export function SharedCartPage() {
  const t = useTranslate();
  const locale = useLocale();
  const codeLabel = useCodeLabel();
  const dispatch = useDispatch();
  const uuid = decodeURIComponent(useParams<{ uuid: string }>().uuid ?? '');
  const shared = useAppState(selectShared, uuid);
  const groups = useAppState(selectSharedItemGroups, uuid);
  const variation = useAppState(selectVariation, config);
  const images = useAppState(selectSharedImages, uuid);
  const previewVariation = useAppState(selectVariation, PREVIEW_NAMES);
  const { session } = usePortal();
  const { known, remember, forget } = useSharePassword(uuid);
  const [download, followDownload] = useOutcome();
  const [downloadFile, setDownloadFile] = useState('');
  const [copy, followCopy] = useOutcome();
  const [other, followOther] = useOutcome();
  const [preview, followPreview] = useOutcome();
  const [shown, setShown] = useState<number | null>(null);
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const tiles = useRef(new Map<number, HTMLButtonElement>());

  useEffect(() => {
    dispatch(sharedCartOpened({ uuid, withPassword: known() }));
  }, [dispatch, uuid, known]);

  // the pictures come with the share's credentials (blob: addresses), not as plain img addresses
  const loadedCart = shared?.status === 'loaded' ? shared.cart : null;
  useEffect(() => {
    if (loadedCart) dispatch(sharedImagesRequested({ uuid, variation }));
  }, [dispatch, uuid, variation, loadedCart]);
  useEffect(() => () => void dispatch(sharedImagesReleased({ uuid })), [dispatch, uuid]);

  // a refused password (wrong, or changed since this tab kept it) is not sent again
  const refused = shared?.status === 'error' && shared.error?.status === 401 && shared.withPassword;
  useEffect(() => {
    if (refused) forget();
  }, [refused, forget]);

  // closing the lightbox gives focus to the tile of the item it showed last
  useEffect(() => {
    if (shown !== null || returnTo === null) return;
    tiles.current.get(returnTo)?.focus();
    setReturnTo(null);
  }, [shown, returnTo]);

  const items = groups.flatMap((group) => group.items);
  const imageOf = (item: ShownItem) =>
    images.variation === variation && images.items[item.key] === 'loaded'
      ? session?.sharedImages.get(uuid, `${variation}|${item.key}`)
      : undefined;
  // the lightbox asks the large picture of the item it shows, once; the thumbnail stands in meanwhile
  const largeOf = (item: ShownItem) =>
    session?.sharedImages.get(uuid, `${previewVariation}|${item.key}`) ?? imageOf(item);
  const shownKey = shown === null ? null : (items[shown]?.key ?? null);
  useEffect(() => {
    if (shownKey === null || session?.sharedImages.get(uuid, `${previewVariation}|${shownKey}`)) return;
    followPreview(dispatch(sharedPreviewRequested({ uuid, variation: previewVariation, key: shownKey })));
  }, [dispatch, followPreview, session, uuid, previewVariation, shownKey]);

  const status = shared?.status ?? 'unknown';
  const error = shared?.error ?? null;
  if (status === 'error' && error?.status === 401) {
    return (
      <section className="share-page">
        <PasswordGate
          wrong={shared?.withPassword ?? false}
          onOpen={(password) => {
            remember(password);
            dispatch(sharedCartOpened({ uuid, withPassword: true }));
          }}
        />
      </section>
    );
  }
  if (status === 'error') {
    return (
      <section className="share-page">
        <div className="share-gate">
          <div className="card stack share-gate__card">
            {error?.status === 404 ? (
              <>
                <Heading>{t('sharePage.unknownTitle')}</Heading>
                <p role="alert">{t('sharePage.unknown')}</p>
                <Link href="/" className="btn-primary">
                  {t('sharePage.home')}
                </Link>
              </>
            ) : (
              <>
                <Heading>{t('sharePage.title')}</Heading>
                <ErrorMessage
                  lead={t('sharePage.failedOpen')}
                  error={error ?? { code: '', message: '' }}
                  onRetry={() => dispatch(sharedCartOpened({ uuid, withPassword: known() }))}
                  retryLabel={t('sharePage.retry')}
                />
              </>
            )}
          </div>
        </div>
      </section>
    );
  }
  if (status !== 'loaded' || !shared?.cart) {
    return (
      <section className="share-page" aria-busy="true">
        <Heading>{t('sharePage.title')}</Heading>
        <LoadingState label={t('sharePage.opening')} />
        <div className="share-grid" aria-hidden="true">
          {[0, 1, 2, 3, 4, 5].map((slot) => (
            <div key={slot} className="share-tile__frame skeleton" />
          ))}
        </div>
      </section>
    );
  }

  const { cart, share } = shared;
  const actions = share?.actions ?? [];
  const canDownload = actions.includes('download');
  const count = cart.total;
  const countText = t(plural(locale, count, { one: 'sharePage.items.one', other: 'sharePage.items.other' }), {
    count: formatNumber(locale, count),
  });

  function downloadItem(item: ShownItem) {
    const fileName = fileNameOf(baseNameOf(sharedItemName(item)), `${item.resource}-${item.id}`);
    setDownloadFile(fileName);
    followDownload(
      dispatch(shareDownloadRequested({ uuid, item: { resource: item.resource, id: item.id }, fileName })),
    );
  }
  function downloadAll() {
    const fileName = fileNameOf(cart.name, uuid);
    setDownloadFile(fileName);
    followDownload(dispatch(shareDownloadRequested({ uuid, item: null, fileName })));
  }
  function copyToMyCarts() {
    const request = shareCopyRequested({
      uuid,
      name: cart.name,
      description: share?.description || cart.description || '',
      items: itemMapOf(shared?.keys ?? []),
    });
    followCopy(dispatch(request));
  }

  return (
    <section className="share-page">
      <header className="share-page__header">
        <div className="share-page__heading">
          <p className="share-page__eyebrow">{t('sharePage.title')}</p>
          <Heading>{cart.name}</Heading>
          <p className="share-page__meta">
            <span className="badge">{countText}</span>
          </p>
          {share?.description && <p className="share-page__description">{share.description}</p>}
        </div>
        <div className="toolbar share-page__actions">
          {canDownload && (
            <button type="button" className="btn-primary" onClick={downloadAll} disabled={count === 0}>
              {t('sharePage.downloadAll')}
            </button>
          )}
          {actions.includes('copy') && (
            <SignInFirst action={codeLabel('shareAction', 'copy')}>
              <button type="button" onClick={copyToMyCarts} disabled={count === 0}>
                {codeLabel('shareAction', 'copy')}
              </button>
            </SignInFirst>
          )}
          {actions
            .filter((code) => !OWN_CONTROLS.has(code))
            .map((code) => (
              <button
                key={code}
                type="button"
                onClick={() =>
                  followOther(dispatch(shareActionRequested({ uuid, action: code, items: null })))
                }
              >
                {codeLabel('shareAction', code)}
              </button>
            ))}
        </div>
      </header>

      <div className="share-page__notices">
        {download && (
          <Outcome
            outcome={download}
            busy={t('sharePage.downloading', { file: downloadFile })}
            done={t('sharePage.downloaded', { file: downloadFile })}
            failed={t('sharePage.downloadFailed')}
          />
        )}
        {copy && (
          <Outcome
            outcome={copy}
            busy={t('sharePage.copying')}
            done={t('sharePage.copied', { name: cart.name })}
            failed={t('sharePage.copyFailed')}
          >
            {copy.cartId && (
              <Link href={`/carts/${encodeURIComponent(copy.cartId)}`}>{t('sharePage.openCopy')}</Link>
            )}
          </Outcome>
        )}
        {other && (
          <Outcome
            outcome={other}
            busy=""
            done={t('sharePage.actionDone', { action: codeLabel('shareAction', other.action) })}
            failed={t('sharePage.actionFailed', { action: codeLabel('shareAction', other.action) })}
          />
        )}
      </div>

      {count === 0 ? (
        <EmptyState title={t('sharePage.empty')} />
      ) : (
        <ShareGrid
          items={items}
          imageOf={imageOf}
          onOpen={setShown}
          tileRef={(index, element) => {
            if (element) tiles.current.set(index, element);
            else tiles.current.delete(index);
          }}
        />
      )}

      {actions.includes('comment') && (
        <ShareComment uuid={uuid} title={codeLabel('shareAction', 'comment')} />
      )}

      {shown !== null && (
        <ItemLightbox
          items={items}
          index={shown}
          imageOf={largeOf}
          loading={preview?.status === 'fetching'}
          onMove={setShown}
          onClose={() => {
            setReturnTo(shown);
            setShown(null);
          }}
          downloadLabel={canDownload ? codeLabel('shareAction', 'download') : null}
          onDownload={downloadItem}
        />
      )}
    </section>
  );
}

/** How the latest request of a control went: busy, done (with a follow-up), or failed in words. */
function Outcome({
  outcome,
  busy,
  done,
  failed,
  children,
}: {
  outcome: { status: string; error: { code: string; message: string } | null };
  busy: string;
  done: string;
  failed: string;
  children?: ReactNode;
}) {
  if (outcome.status === 'error') {
    return <ErrorMessage lead={failed} error={outcome.error ?? { code: '', message: '' }} />;
  }
  const text = outcome.status === 'loaded' ? done : busy;
  if (!text) return null;
  return (
    <p
      role="status"
      className={`share-notice share-notice--${outcome.status === 'loaded' ? 'done' : 'busy'}`}
    >
      {text} {outcome.status === 'loaded' && children}
    </p>
  );
}
