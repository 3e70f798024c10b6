import { type FormEvent, useEffect, useId, useState } from 'react';
import { useParams } from 'wouter';
import {
  shareActionRequested,
  sharedCartOpened,
  sharedImagesReleased,
  sharedImagesRequested,
} from '../../streams/carts/share-events';
import {
  type ShownItem,
  selectShareAction,
  selectShared,
  selectSharedImages,
  selectSharedItemGroups,
  selectVariation,
} from '../../streams/carts/selectors';
import { usePortal } from '../app/store-context';
import { CartItems } from '../carts/cart-items';
import { DownloadDialog } from '../downloads/download-dialog';
import { config } from '../../streams/core/config';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import type { MessageKey } from '../i18n/messages-en';
import { useTranslate } from '../i18n/use-translate';
import { PasswordInput } from '../ui/password-input';
import { useSharePassword } from './use-share-password';
import '../carts/carts.css';
import '../carts/messages';
import { ErrorMessage } from '../ui/error-message';

/** Actions shown as their own buttons; the others are offered as they come from the share. */
const SHOWN_ELSEWHERE = new Set(['view', 'download']);
/** The share actions of the demo's `listShareActions`; a code the portal does not know shows as is. */
const ACTION_LABELS: Partial<Record<string, MessageKey>> = {
  comment: 'share.actionComment',
  copy: 'share.actionCopy',
};

function PasswordPrompt({ uuid, wrong }: { uuid: string; wrong: boolean }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const { remember } = useSharePassword(uuid);
  const [password, setPassword] = useState('');
  const inputId = useId();

  function open(event: FormEvent) {
    event.preventDefault();
    if (!password) return;
    remember(password);
    setPassword('');
    dispatch(sharedCartOpened({ uuid, withPassword: true }));
  }

  return (
    <form onSubmit={open} className="cart-form share-password">
      <p>{t('share.passwordNeeded')}</p>
      {wrong && <p role="alert">{t('share.wrongPassword')}</p>}
      <label htmlFor={inputId}>{t('share.password')}</label>
      <PasswordInput
        id={inputId}
        value={password}
        autoComplete="off"
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit">{t('share.open')}</button>
    </form>
  );
}

/**
 * `/share/:uuid`: a shared cart opened from a link. Without a password no Authorization is
 * sent; a 401 asks for one, a second 401 says it is wrong; 404 is an unknown or expired link;
 * anything else is an error with a retry (protocol §6.4, §23.5).
 */
export function SharedCartPage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const uuid = decodeURIComponent(useParams<{ uuid: string }>().uuid ?? '');
  const shared = useAppState(selectShared, uuid);
  const groups = useAppState(selectSharedItemGroups, uuid);
  const variation = useAppState(selectVariation, config);
  const images = useAppState(selectSharedImages, uuid);
  const { session } = usePortal();
  // the page says how its latest action went; an earlier one's late answer does not replace it
  const [actionRequest, setActionRequest] = useState<string | null>(null);
  const action = useAppState(selectShareAction, actionRequest);
  const { known } = useSharePassword(uuid);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    dispatch(sharedCartOpened({ uuid, withPassword: known() }));
  }, [dispatch, uuid, known]);

  // the pictures come with the share's credentials (blob: addresses), not as plain img addresses
  const loadedCart = shared?.status === 'loaded' ? shared.cart : null;
  useEffect(() => {
    if (loadedCart) dispatch(sharedImagesRequested({ uuid, variation }));
  }, [dispatch, uuid, variation, loadedCart]);
  useEffect(() => () => void dispatch(sharedImagesReleased({ uuid })), [dispatch, uuid]);

  const status = shared?.status ?? 'unknown';
  const error = shared?.error ?? null;
  if (status === 'error' && error?.status === 401) {
    return (
      <section className="carts-page">
        <h1>{t('share.sharedBy')}</h1>
        <PasswordPrompt uuid={uuid} wrong={shared?.withPassword ?? false} />
      </section>
    );
  }
  if (status === 'error') {
    return (
      <section className="carts-page">
        <h1>{t('share.sharedBy')}</h1>
        {error?.status === 404 ? (
          <p role="alert">{t('share.unknown')}</p>
        ) : (
          <ErrorMessage
            lead={t('share.failedOpen')}
            error={error ?? { code: '', message: '' }}
            onRetry={() => dispatch(sharedCartOpened({ uuid, withPassword: known() }))}
            retryLabel={t('carts.retry')}
          />
        )}
      </section>
    );
  }
  if (status !== 'loaded' || !shared?.cart) {
    return (
      <section className="carts-page">
        <h1>{t('share.sharedBy')}</h1>
        <p role="status">{t('share.opening')}</p>
      </section>
    );
  }

  const { cart, share } = shared;
  const actions = share?.actions ?? [];
  const imageOf = (item: ShownItem) =>
    images.variation === variation && images.items[item.key] === 'loaded'
      ? session?.sharedImages.get(uuid, `${variation}|${item.key}`)
      : undefined;
  return (
    <section className="carts-page">
      <div className="carts-page__header">
        <h1>{cart.name}</h1>
        <span>{t('carts.items', { count: cart.total })}</span>
      </div>
      {share?.description && <p>{share.description}</p>}
      <div className="carts-actions">
        {actions.includes('download') && (
          <button type="button" onClick={() => setDownloading(true)}>
            {t('carts.download')}
          </button>
        )}
        {actions
          .filter((code) => !SHOWN_ELSEWHERE.has(code))
          .map((code) => (
            <button
              key={code}
              type="button"
              onClick={() => {
                const request = dispatch(shareActionRequested({ uuid, action: code, items: null }));
                setActionRequest(request?.meta.id ?? null);
              }}
            >
              {ACTION_LABELS[code] ? t(ACTION_LABELS[code]) : code}
            </button>
          ))}
      </div>
      {action?.status === 'loaded' && <p role="status">{t('share.action', { action: action.action })}</p>}
      {action?.status === 'error' && (
        <ErrorMessage
          lead={t('share.actionFailed', { action: action.action })}
          error={action.error ?? { code: '', message: '' }}
        />
      )}
      {cart.total === 0 && <p className="carts-empty">{t('carts.emptyCart')}</p>}
      <CartItems
        cartId={uuid}
        groups={groups}
        content={{ huge: false, filtered: false, selected: [] }}
        imageOf={imageOf}
        canChange={false}
      />
      {downloading && (
        <DownloadDialog
          cartId={uuid}
          cartName={cart.name}
          shareUuid={uuid}
          onClose={() => setDownloading(false)}
        />
      )}
    </section>
  );
}
