import { type CSSProperties, lazy, Suspense, useLayoutEffect, useState } from 'react';
import { selectCanCreate } from '../../streams/schemas/selectors';
import { SEARCH_PATH } from '../../streams/search/url';
import { cleared } from '../../streams/selection/events';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { plural } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { SignInFirst } from '../session/sign-in-first/sign-in-first';
import '../assets/metadata/messages';
import '../assets/metadata/metadata.css';
import './results/messages';
import type { SelectionDialogProps } from './selection-dialog';

const SelectionEditDialog = lazy(() =>
  import('./selection-edit-dialog').then((m) => ({ default: m.SelectionEditDialog })),
);
const SelectionCartDialog = lazy(() =>
  import('./selection-cart-dialog').then((m) => ({ default: m.SelectionCartDialog })),
);
const SelectionDownloadDialog = lazy(() =>
  import('./selection-download-dialog').then((m) => ({ default: m.SelectionDownloadDialog })),
);

type Open = 'cart' | 'download' | 'edit' | null;

/** The sticky header's height (it wraps on narrow screens; 0 when it is not sticky): where the toolbar sticks. */
function useHeaderHeight(): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const header = document.querySelector<HTMLElement>('.header');
    if (!header) return;
    // a header that scrolls away (phones) leaves the toolbar the top of the screen
    const measure = () => {
      const { position } = getComputedStyle(header);
      setHeight(
        position === 'sticky' || position === 'fixed' ? Math.round(header.getBoundingClientRect().height) : 0,
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

/**
 * With a selection, a toolbar that stays in view while the page scrolls: how many, "Add selection
 * to cart", "Download selection" (a visitor is offered sign-in first), "Edit metadata of the
 * selection" for those who may change assets (the asset schema's insert right), "Clear selection".
 */
export function SelectionToolbar({
  list,
  ids,
  resource = 'asset',
}: {
  list: string;
  ids: readonly string[];
  /** the resource of the selected ids (the search lists assets) */
  resource?: string;
}) {
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  const canEdit = useAppState(selectCanCreate, SEARCH_PATH);
  const [open, setOpen] = useState<Open>(null);
  const dialog: SelectionDialogProps = { resource, list, ids, onClose: () => setOpen(null) };
  const headerHeight = useHeaderHeight();
  const style = headerHeight
    ? ({ '--selection-toolbar-top': `${headerHeight}px` } as CSSProperties)
    : undefined;
  return (
    <div role="toolbar" aria-label={t('selection.toolbar')} className="selection-toolbar" style={style}>
      <span className="selection-toolbar__count" aria-live="polite">
        {plural(locale, ids.length, {
          one: t('results.countOne', { count: ids.length }),
          other: t('results.countOther', { count: ids.length }),
        })}
      </span>
      <SignInFirst action={t('results.addSelection')} className="btn-primary btn-small">
        <button type="button" className="btn-primary btn-small" onClick={() => setOpen('cart')}>
          {t('results.addSelection')}
        </button>
      </SignInFirst>
      <SignInFirst action={t('results.downloadSelection')} className="btn-small">
        <button type="button" className="btn-small" onClick={() => setOpen('download')}>
          {t('results.downloadSelection')}
        </button>
      </SignInFirst>
      {canEdit && (
        <button type="button" className="btn-small" onClick={() => setOpen('edit')}>
          {t('selection.edit')}
        </button>
      )}
      <button type="button" className="btn-ghost btn-small" onClick={() => dispatch(cleared({ list }))}>
        {t('selection.clear')}
      </button>
      <Suspense fallback={null}>
        {open === 'cart' && <SelectionCartDialog {...dialog} />}
        {open === 'download' && <SelectionDownloadDialog {...dialog} />}
        {open === 'edit' && <SelectionEditDialog {...dialog} />}
      </Suspense>
    </div>
  );
}
