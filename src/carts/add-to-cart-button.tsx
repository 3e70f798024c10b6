import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'wouter';
import { itemsAddRequested } from '../../streams/carts/edit-events';
import { listOpened } from '../../streams/carts/events';
import { itemKey, itemKeys } from '../../streams/carts/model';
import { selectListStatus, selectMutation, selectRecentWritableCarts } from '../../streams/carts/selectors';
import { ERROR_CODES } from '../../streams/core/errors';
import { nameMatcher } from '../../streams/core/name-matcher';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { SignInFirst } from '../session/sign-in-first/sign-in-first';
import { PendingWrite } from '../outbox/pending-write';
import { ErrorMessage } from '../ui/error-message';
import './add-to-cart.css';
import './messages';
import { NewCartForm } from './new-cart-form';

interface AddToCartButtonProps {
  /** the asset's resource type, e.g. `asset` */
  resource: string;
  id: string | number;
  /** the asset's name, shown in the menu's name */
  name: string;
  className?: string;
}

/**
 * "Add to cart" for any asset (UI-CONTRACT): a menu button. Its popup holds a filter, my carts
 * (the ones I may change, recently changed first; a tick on those the asset is in) and
 * "New cart…", which creates a cart with the typed name, adds the asset and opens the cart.
 * A visitor is offered sign-in first. Hand-written (see readme-13-D): a button, a non-modal
 * popup in the top layer, a textbox and a `menu` with roving focus.
 */
export function AddToCartButton({ className, ...props }: AddToCartButtonProps) {
  const t = useTranslate();
  return (
    <SignInFirst action={t('carts.addToCart')} className={className}>
      <AddToCartMenu {...props} className={className} />
    </SignInFirst>
  );
}

function AddToCartMenu({ resource, id, name, className }: AddToCartButtonProps) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t('carts.addToCart')}
      </button>
      {open && (
        <CartMenu
          resource={resource}
          id={String(id)}
          name={name}
          menuId={menuId}
          anchor={trigger}
          onClose={close}
        />
      )}
    </>
  );
}

/** The popup's place: under the button (above when there is no room), kept inside the window. */
function usePlacement(popup: RefObject<HTMLDivElement | null>, anchor: RefObject<HTMLButtonElement | null>) {
  useLayoutEffect(() => {
    const element = popup.current;
    if (!element) return;
    // the top layer: no tile's overflow or stacking clips it (happy-dom and old browsers: in place)
    if (typeof element.showPopover === 'function' && !element.matches(':popover-open')) element.showPopover();
    const place = () => {
      const button = anchor.current?.getBoundingClientRect();
      if (!button) return;
      const { width, height } = element.getBoundingClientRect();
      // the page's box, not the window's: a scroll bar is no room for the popup (issue 28)
      const viewport = document.documentElement;
      const room = viewport.clientHeight - 8;
      const below = button.bottom + 4;
      const above = button.top - height - 4;
      // under the button; above it when it does not fit under; always inside the window
      const wanted = below + height > room && above >= 8 ? above : below;
      const top = Math.max(8, Math.min(wanted, room - height));
      const left = Math.max(8, Math.min(button.left, viewport.clientWidth - width - 8));
      element.style.setProperty('--menu-top', `${Math.round(top)}px`);
      element.style.setProperty('--menu-left', `${Math.round(left)}px`);
    };
    place();
    // its content grows (an outcome, the new cart's form): placed again
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : null;
    resized?.observe(element);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      resized?.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [popup, anchor]);
}

const isPrintable = (event: KeyboardEvent) =>
  event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

function CartMenu({
  resource,
  id,
  name,
  menuId,
  anchor,
  onClose,
}: {
  resource: string;
  id: string;
  name: string;
  menuId: string;
  anchor: RefObject<HTMLButtonElement | null>;
  onClose(returnFocus: boolean): void;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const popup = useRef<HTMLDivElement>(null);
  const filterBox = useRef<HTMLInputElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<'menu' | 'create'>('menu');
  const [filter, setFilter] = useState('');
  const carts = useAppState(selectRecentWritableCarts);
  const list = useAppState(selectListStatus);
  const [picked, setPicked] = useState<{ cartId: string; requestId: string | null } | null>(null);
  const outcome = useAppState(selectMutation, picked?.requestId);
  const key = itemKey(resource, id);
  const matches = nameMatcher(filter);
  const shown = carts.filter((cart) => matches(cart.name));

  usePlacement(popup, anchor);
  useEffect(() => {
    dispatch(listOpened({ reuseFresh: true }));
  }, [dispatch]);
  // on opening, and back from "New cart…": typing filters at once
  useEffect(() => {
    if (mode === 'menu') filterBox.current?.focus();
  }, [mode]);
  // a click elsewhere closes the menu and leaves the focus where it went
  useEffect(() => {
    const away = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popup.current?.contains(target) && !anchor.current?.contains(target)) onClose(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [anchor, onClose]);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };

  const add = (cartId: string) => {
    const request = dispatch(itemsAddRequested({ cartId, items: { [resource]: [id] } }));
    setPicked({ cartId, requestId: request?.meta.id ?? null });
  };

  const onPopupKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // the results grid around a tile has keys of its own: the menu's stay here
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      if (mode === 'create') setMode('menu');
      else onClose(true);
    }
  };
  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const first = items().find((item) => item.getAttribute('aria-disabled') !== 'true');
      first?.click();
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index <= 0) filterBox.current?.focus();
      else focusItem(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(-1);
    } else if (isPrintable(event)) {
      // typing goes on in the filter
      filterBox.current?.focus();
    }
  };

  const pickedName = carts.find((cart) => cart.id === picked?.cartId)?.name ?? '';
  return (
    <div
      ref={popup}
      role="dialog"
      aria-label={t('carts.addToCartTitle', { name })}
      className="cart-menu card"
      popover="manual"
      onKeyDown={onPopupKeyDown}
      onClick={(event) => event.stopPropagation()}
      // Tab out of the menu (to another control) closes it, as a menu does
      onBlur={(event) => {
        const to = event.relatedTarget as Node | null;
        if (to && !popup.current?.contains(to) && !anchor.current?.contains(to)) onClose(false);
      }}
    >
      {mode === 'create' ? (
        <NewCartForm
          items={{ [resource]: [id] }}
          initialName={filter.trim()}
          onBack={() => setMode('menu')}
          onOpened={() => onClose(false)}
        />
      ) : (
        <>
          <input
            ref={filterBox}
            type="text"
            className="cart-menu__filter"
            aria-label={t('carts.filter')}
            placeholder={t('collect.filterPlaceholder')}
            aria-controls={menuId}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            onKeyDown={onFilterKeyDown}
          />
          {list.status === 'initial' && <p role="status">{t('carts.loading')}</p>}
          {list.status === 'error' && list.error && (
            <ErrorMessage
              lead={t('carts.loadFailed')}
              error={list.error}
              onRetry={() => dispatch(listOpened({}))}
              retryLabel={t('carts.retry')}
            />
          )}
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={t('collect.menu')}
            className="cart-menu__items"
            onKeyDown={onMenuKeyDown}
          >
            {shown.map((cart) => {
              const inside = itemKeys(cart.items).includes(key);
              return (
                <button
                  key={cart.id}
                  type="button"
                  role="menuitemcheckbox"
                  aria-checked={inside}
                  aria-disabled={inside}
                  tabIndex={-1}
                  className="cart-menu__item"
                  onClick={() => {
                    if (!inside) add(cart.id);
                  }}
                >
                  <span className="cart-menu__check" aria-hidden="true">
                    {inside ? '✓' : ''}
                  </span>
                  <span className="cart-menu__name">{cart.name}</span>
                </button>
              );
            })}
            {list.status !== 'initial' && filter && shown.length === 0 && (
              <p className="cart-menu__empty">{t('collect.noMatch', { filter })}</p>
            )}
            <hr className="cart-menu__separator" />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="cart-menu__item cart-menu__new"
              onClick={() => setMode('create')}
            >
              {filter.trim() && shown.length === 0
                ? t('collect.newCartNamed', { name: filter.trim() })
                : t('collect.newCart')}
            </button>
          </div>
          <div className="cart-menu__outcome">
            {outcome?.status === 'loaded' && picked && (
              <p role="status">
                {t('carts.added', { name: pickedName })}{' '}
                <Link href={`/carts/${encodeURIComponent(picked.cartId)}`}>{t('collect.openCart')}</Link>
              </p>
            )}
            {outcome?.status === 'resolving' && <p role="status">{t('carts.checking')}</p>}
            {outcome?.status === 'error' && (
              <PendingWrite requestId={picked?.requestId}>
                <ErrorMessage
                  lead={t('carts.addFailed')}
                  error={outcome.error ?? { code: 'error', message: outcome.message ?? '' }}
                  // an addition nobody could confirm may be saved: it is not offered again
                  {...(picked && outcome.error?.code !== ERROR_CODES.unconfirmed
                    ? { onRetry: () => add(picked.cartId), retryLabel: t('carts.retry') }
                    : {})}
                />
              </PendingWrite>
            )}
          </div>
          <div className="cart-menu__footer">
            <button type="button" className="btn-ghost btn-small" onClick={() => onClose(true)}>
              {t('carts.close')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
