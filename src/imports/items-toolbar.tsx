import { useId, useState } from 'react';
import {
  itemsDeleteRequested,
  itemsTransferRequested,
  itemsWorkflowRequested,
  validateRequested,
} from '../../streams/imports/events';
import { selectImportItems, selectImportWorkflowActions } from '../../streams/imports/selectors';
import { allSelected, cleared } from '../../streams/selection/events';
import { selectionList } from '../../streams/selection/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';
import { EditMetadataDialog } from './edit-metadata-dialog';
import { counted } from './item-count';
import { workflowGroup } from './model';
import { MoveDialog } from './move-dialog';
import { nextRequestId } from './request-id';
import './messages';

/**
 * What can be done to the selected items of a job: edit their metadata, validate them, run a
 * workflow step, move them to another import, delete them (after a confirmation).
 */
export function ItemsToolbar({
  jobId,
  ids,
  chosen,
}: {
  jobId: string;
  /** every item the search shows */
  ids: readonly string[];
  /** the selected ones among them */
  chosen: readonly string[];
}) {
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  const list = selectionList.import(jobId);
  const chosenItems = useAppState(selectImportItems, chosen);
  const clear = () => dispatch(cleared({ list }));
  const workflowList = useAppState(selectImportWorkflowActions);
  const [dialog, setDialog] = useState<'edit' | 'move' | 'delete' | null>(null);
  const toolbarId = useId();
  // "Validate" has its own button (the validate command): the group holds the other steps
  const actions = workflowGroup(
    chosenItems.map((item) => item?.data ?? null),
    // once read, the list stays in use while it is read again
    workflowList.actions.length > 0 ? workflowList.actions : null,
  ).filter(({ action }) => action !== 'validate');
  const everyChosen = ids.length > 0 && chosen.length === ids.length;
  return (
    <>
      <div role="toolbar" aria-labelledby={toolbarId} className="imports-toolbar">
        <span id={toolbarId}>
          {counted(t, locale, chosen.length, 'imports.selectedOne', 'imports.selected')}
        </span>
        <label>
          <input
            type="checkbox"
            checked={everyChosen}
            disabled={ids.length === 0}
            onChange={(event) =>
              dispatch(event.target.checked ? allSelected({ list, ids: [...ids] }) : cleared({ list }))
            }
          />{' '}
          {t('imports.selectAll')}
        </label>
        <button type="button" disabled={chosen.length === 0} onClick={() => setDialog('edit')}>
          {t('imports.editMetadata')}
        </button>
        <button
          type="button"
          disabled={chosen.length === 0}
          onClick={() =>
            dispatch(validateRequested({ requestId: nextRequestId('validate'), jobId, itemIds: [...chosen] }))
          }
        >
          {t('imports.validate')}
        </button>
        {/* biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form's fieldset */}
        <div role="group" aria-label={t('imports.workflow')} className="imports-toolbar__workflow">
          {actions.map(({ action, label, offered }) => (
            <button
              key={action}
              type="button"
              disabled={!offered}
              onClick={() => dispatch(itemsWorkflowRequested({ jobId, itemIds: [...chosen], action }))}
            >
              {label}
            </button>
          ))}
        </div>
        <button type="button" disabled={chosen.length === 0} onClick={() => setDialog('move')}>
          {t('imports.move')}
        </button>
        <button type="button" disabled={chosen.length === 0} onClick={() => setDialog('delete')}>
          {t('imports.delete')}
        </button>
      </div>
      {dialog === 'edit' && (
        <EditMetadataDialog jobId={jobId} itemIds={chosen} onClose={() => setDialog(null)} />
      )}
      {dialog === 'move' && (
        <MoveDialog
          jobId={jobId}
          onClose={() => setDialog(null)}
          onMove={(targetJobId) => {
            dispatch(itemsTransferRequested({ jobId, itemIds: [...chosen], targetJobId }));
            clear();
            setDialog(null);
          }}
        />
      )}
      {dialog === 'delete' && (
        <ModalDialog
          title={counted(t, locale, chosen.length, 'imports.deleteConfirmOne', 'imports.deleteConfirm')}
          onClose={() => setDialog(null)}
        >
          <div className="imports-form__actions">
            <button
              type="button"
              onClick={() => {
                dispatch(itemsDeleteRequested({ jobId, itemIds: [...chosen] }));
                clear();
                setDialog(null);
              }}
            >
              {t('imports.delete')}
            </button>
            <button type="button" onClick={() => setDialog(null)}>
              {t('imports.cancel')}
            </button>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
