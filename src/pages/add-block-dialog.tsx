import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';
import { type Block, slotName } from './block-model';
import { useBlockLabel } from './blocks/registry';
import './messages';

/** "Add block": the valid children of the slot's parent, one button each (protocol §14 validchildren). */
export function AddBlockDialog({
  parent,
  slot,
  onAdd,
  onClose,
}: {
  parent: Block;
  slot: string;
  onAdd(component: string): void;
  onClose(): void;
}) {
  const t = useTranslate();
  const label = useBlockLabel();
  const choices = parent.validchildren;
  return (
    <ModalDialog title={t('pages.addBlock')} onClose={onClose} className="page-add-dialog">
      <p>{t('pages.addBlockTo', { slot: slotName(parent, slot) })}</p>
      {choices.length === 0 ? (
        <p>{t('pages.addNone')}</p>
      ) : (
        <ul className="page-add-dialog__choices">
          {choices.map((component) => (
            <li key={component}>
              <button type="button" className="button" onClick={() => onAdd(component)}>
                {label(component)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <button type="button" className="button" onClick={onClose}>
          {t('pages.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
