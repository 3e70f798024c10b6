import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { itemsFetchRequested, metadataSetRequested } from '../../streams/imports/events';
import { itemsPatchRequested } from '../../streams/imports/manage-events';
import {
  selectImportCommandRequest,
  selectImportItems,
  selectImportJob,
} from '../../streams/imports/selectors';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { FieldControl } from '../assets/metadata/field-control';
import { fieldProblem } from '../assets/metadata/fields';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { ModalDialog, SubmitOrCancel } from '../ui/modal-dialog';
import { counted } from './item-count';
import { nextRequestId } from './request-id';
import { commandValue, fieldsForItems, importFields, itemValue } from './metadata-fields';
import './messages';

/** The most items one fetch asks (protocol §15.2 "Items by id"). */
const FETCH_MAX = 200;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * "Edit metadata" of the selected items: their fields (with the editable, mandatory and viewable
 * flags of the items' resources, narrowed by each item's own) through the asset page's field controls; a field shows the items'
 * common value; "Save" sends only the changed fields: for one item as a set-metadata command (PUT,
 * followed until done), for many at once as one bulk patch (seed 001 §7).
 */
export function EditMetadataDialog({
  jobId,
  itemIds,
  onClose,
}: {
  jobId: string;
  itemIds: readonly string[];
  onClose(): void;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const locale = useAppState(selectEffectiveLocale);
  const job = useAppState(selectImportJob, jobId);
  const items = useAppState(selectImportItems, itemIds);
  const itemsData = useMemo(() => items.map((item) => item?.data ?? null), [items]);
  const [changes, setChanges] = useState<Record<string, unknown>>({});
  const [requestId, setRequestId] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const formId = useId();
  const closing = useRef(onClose);
  closing.current = onClose;

  // once per open: the job page re-renders as it polls, with the same ids in a new list
  const fetchedIds = itemIds.slice(0, FETCH_MAX).join(',');
  useEffect(() => {
    dispatch(itemsFetchRequested({ jobId, ids: fetchedIds === '' ? [] : fetchedIds.split(',') }));
  }, [dispatch, jobId, fetchedIds]);

  const jobFields = useMemo(() => importFields(job?.fields, job?.resources), [job?.fields, job?.resources]);
  // each item's own flags (`$meta-<field>`) narrow the job's
  const fields = fieldsForItems(jobFields, itemsData);
  const request = useAppState(selectImportCommandRequest, requestId ?? '');
  useEffect(() => {
    if (request?.status === 'resolved' || request?.status === 'loaded') closing.current();
  }, [request?.status]);

  const common = (name: string): unknown => {
    const values = itemsData.map((data) => itemValue(data, name));
    return values.every((value) => same(value, values[0])) ? values[0] : undefined;
  };
  const currentValue = (name: string) => (name in changes ? changes[name] : common(name));
  const editable = fields.filter((field) => field.editable);
  const problems = Object.fromEntries(
    editable.map((field) => [
      field.name,
      field.name in changes || tried ? fieldProblem(field, currentValue(field.name)) : null,
    ]),
  );
  const fetching = jobFields.length === 0 && (job?.resources == null || job?.fields == null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    const changed = Object.entries(changes);
    if (changed.length === 0) return onClose();
    if (editable.some((field) => field.name in changes && fieldProblem(field, changes[field.name]) !== null))
      return;
    const data = Object.fromEntries(changed.map(([name, value]) => [name, commandValue(value)]));
    const id = nextRequestId('metadata');
    setRequestId(id);
    const write = { requestId: id, jobId, itemIds: [...itemIds], data };
    dispatch(itemIds.length > 1 ? itemsPatchRequested(write) : metadataSetRequested(write));
  }

  const busy = request?.status === 'resolving';
  return (
    <ModalDialog title={t('imports.editMetadata')} onClose={onClose} className="imports-edit">
      <p>{counted(t, locale, itemIds.length, 'imports.editForOne', 'imports.editFor')}</p>
      <form onSubmit={submit} noValidate className="imports-edit__form">
        {fetching && <p role="status">{t('imports.itemsLoading')}</p>}
        {!fetching && editable.length === 0 && <p>{t('imports.noFields')}</p>}
        {editable.map((field) => (
          <div key={field.name} className="metadata-field">
            <FieldControl
              field={field}
              value={currentValue(field.name)}
              problem={problems[field.name] ?? null}
              onChange={(value) => setChanges((current) => ({ ...current, [field.name]: value }))}
              locale={locale}
              formId={formId}
            />
          </div>
        ))}
        {request?.status === 'error' && request.error && (
          <ErrorMessage lead={t('imports.actionFailed')} error={request.error} />
        )}
        {request?.status === 'invalid' && request.message && (
          <ErrorMessage
            lead={t('imports.actionFailed')}
            error={{ code: 'error', message: request.message }}
          />
        )}
        <SubmitOrCancel
          submit={t('imports.save')}
          cancel={t('imports.cancel')}
          onCancel={onClose}
          disabled={busy}
          className="imports-form__actions"
        />
      </form>
    </ModalDialog>
  );
}
