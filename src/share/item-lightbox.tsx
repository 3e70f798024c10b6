import { useEffect } from 'react';
import type { ShownItem } from '../../streams/carts/selectors';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';
import { sharedItemName } from './share-grid';
import './messages';

/** Keys a text field keeps for itself: the lightbox does not step on them. */
const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * One shared item large, in a modal dialog named by the item: Previous and Next (and the left
 * and right arrow keys) step through the share; Escape or "Close" closes it. The picture is the
 * one fetched with the share's credentials.
 */
export function ItemLightbox({
  items,
  index,
  imageOf,
  onMove,
  onClose,
  downloadLabel,
  onDownload,
  loading = false,
}: {
  items: ShownItem[];
  index: number;
  imageOf(item: ShownItem): string | undefined;
  onMove(index: number): void;
  onClose(): void;
  /** the share allows downloads: the button's label (the action's, in the reader's language) */
  downloadLabel: string | null;
  onDownload(item: ShownItem): void;
  /** the large picture is on its way (the thumbnail shows meanwhile) */
  loading?: boolean;
}) {
  const t = useTranslate();
  const item = items[index];
  const count = items.length;
  const previous = () => onMove((index - 1 + count) % count);
  const next = () => onMove((index + 1) % count);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTextField(event.target) || count < 2) return;
      if (event.key === 'ArrowLeft') onMove((index - 1 + count) % count);
      else if (event.key === 'ArrowRight') onMove((index + 1) % count);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, count, onMove]);

  if (!item) return null;
  const name = sharedItemName(item);
  const image = imageOf(item);
  return (
    <ModalDialog title={name} onClose={onClose} className="share-lightbox">
      <div className="share-lightbox__content">
        <div className="share-lightbox__stage" aria-busy={loading}>
          {image ? (
            <img className="share-lightbox__image" src={image} alt={name} />
          ) : (
            <p className="share-lightbox__none">{t('sharePage.noPreview')}</p>
          )}
        </div>
        <div className="toolbar share-lightbox__bar">
          <button type="button" className="btn-ghost" onClick={previous} disabled={count < 2}>
            {t('sharePage.previous')}
          </button>
          <span className="share-lightbox__position" aria-live="polite">
            {t('sharePage.position', { index: index + 1, count })}
          </span>
          <button type="button" className="btn-ghost" onClick={next} disabled={count < 2}>
            {t('sharePage.next')}
          </button>
          <span className="share-lightbox__end">
            {downloadLabel && (
              <button type="button" onClick={() => onDownload(item)}>
                {downloadLabel}
              </button>
            )}
            <button type="button" className="btn-primary" onClick={onClose}>
              {t('sharePage.close')}
            </button>
          </span>
        </div>
      </div>
    </ModalDialog>
  );
}
