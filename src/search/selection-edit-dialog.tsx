import { useId, useMemo, useRef, useState } from 'react';
import { batchRequested } from '../../streams/batches/events';
import { selectSchemaFields } from '../../streams/schemas/selectors';
import { SEARCH_PATH } from '../../streams/search/url';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { BatchProgress } from '../assets/metadata/batch-progress';
import { FieldControl } from '../assets/metadata/field-control';
import { editableFields, type FieldView, fieldGroups, fieldProblem } from '../assets/metadata/fields';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog, SubmitOrCancel } from '../ui/modal-dialog';
import '../assets/metadata/messages';
import '../assets/metadata/metadata.css';
import type { SelectionDialogProps } from './selection-dialog';

const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * "Edit metadata of the selection": the asset schema's editable fields, empty; only the fields
 * the user gave a value are applied, as one batch (protocol §16) of one `update` per selected asset.
 * The dialog then follows the batch: a progress bar, the assets that failed, and "Done"; each
 * asset read again after its update shows in the results (the list is not asked again).
 */
export function SelectionEditDialog({ list, ids, onClose }: SelectionDialogProps) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const formId = useId().replace(/:/g, '');
  const locale = useAppState(selectEffectiveLocale);
  const headers = useAppState(selectSchemaFields, SEARCH_PATH);
  const fields = useMemo(() => editableFields(fieldGroups(headers)), [headers]);
  const [changes, setChanges] = useState<Record<string, unknown>>({});
  const [tried, setTried] = useState(false);
  const [batchId, setBatchId] = useState<string | null>(null);
  // the selection as it was when applied
  const applied = useRef<readonly string[]>(ids);

  const touched = fields.filter((field) => field.name in changes);
  const problems = new Map(
    touched.flatMap((field) => {
      const problem = fieldProblem(field, changes[field.name]);
      return problem ? [[field.name, problem] as const] : [];
    }),
  );

  const apply = () => {
    setTried(true);
    if (touched.length === 0 || problems.size > 0) return;
    const id = `selection-${list}-${Date.now()}`;
    applied.current = ids;
    setBatchId(id);
    dispatch(
      batchRequested({
        id,
        label: t('selection.edit'),
        actions: ids.map((assetId) => ({
          kind: 'update' as const,
          path: SEARCH_PATH,
          id: assetId,
          values: changes,
        })),
      }),
    );
  };

  return (
    <ModalDialog title={t('selection.edit')} onClose={onClose} className="selection-edit">
      {batchId === null ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <p>{t('selection.editIntro', { count: ids.length })}</p>
          {fields.map((field: FieldView) => (
            <FieldControl
              key={field.name}
              field={field}
              value={changes[field.name]}
              problem={problems.get(field.name) ?? null}
              onChange={(value) =>
                setChanges((before) => {
                  // a field emptied again is no longer applied (nothing is cleared on the selection)
                  const { [field.name]: _dropped, ...rest } = before;
                  return isBlank(value) ? rest : { ...rest, [field.name]: value };
                })
              }
              locale={locale}
              formId={formId}
            />
          ))}
          {tried && touched.length === 0 && <p role="alert">{t('selection.nothingChanged')}</p>}
          {tried && problems.size > 0 && <p role="alert">{t('metadata.invalidSummary')}</p>}
          <SubmitOrCancel
            submit={t('selection.apply')}
            cancel={t('selection.cancel')}
            onCancel={onClose}
            primary
          />
        </form>
      ) : (
        <BatchProgress batchId={batchId} names={applied.current} onDone={onClose} />
      )}
    </ModalDialog>
  );
}
