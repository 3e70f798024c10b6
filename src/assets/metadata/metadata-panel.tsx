import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { isBusy } from '../../../streams/core/status';
import {
  deleteRequested,
  draftChanged,
  draftRolledBack,
  draftSaveRequested,
  workflowRequested,
} from '../../../streams/entities/events';
import {
  selectDraft,
  selectEntity,
  selectEntityRights,
  selectEntityWrite,
} from '../../../streams/entities/selectors';
import { resolveRequested, updateFieldsRequested } from '../../../streams/schemas/events';
import { selectSchemaFields, selectUpdateFields } from '../../../streams/schemas/selectors';
import { selectEffectiveLocale } from '../../../streams/session/selectors';
import { usePortal } from '../../app/store-context';
import { useAppState } from '../../hooks/use-app-state';
import { useDispatch } from '../../hooks/use-dispatch';
import { useTranslate } from '../../i18n/use-translate';
import { PendingWrite } from '../../outbox/pending-write';
import { ErrorMessage } from '../../ui/error-message';
import { ModalDialog } from '../../ui/modal-dialog';
import { FieldControl } from './field-control';
import { editableFields, type FieldView, fieldGroups, fieldProblem, updatableFields } from './fields';
import { ReadGroup } from './read-group';
import { WorkflowBar, workflowOf } from './workflow-bar';
import './messages';
import './metadata.css';

interface MetadataPanelProps {
  resource: string;
  /** the entity's schema path, e.g. `dam/data/asset` */
  path: string;
  id: string | number;
  /** the entity as the last visit saw it (issue 25): read only, while the entity itself is not here */
  kept?: Record<string, unknown>;
}

/**
 * The asset page's "Metadata" region (UI-CONTRACT, second wave): the schema's fields in their
 * groups as a description list, relations by name; with the update right, "Edit" turns it into a
 * form whose state is the entity's draft (`entities/draftChanged` on every change), so a reload
 * finds it again and says so ("Unsaved changes from …"). "Save" and "Discard changes"; the
 * workflow steps the entity lists, and "Delete" with a confirmation for those with the right.
 */
export function MetadataPanel({ resource, path, id, kept }: MetadataPanelProps) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const headingId = useId();
  const formId = useId().replace(/:/g, '');
  const locale = useAppState(selectEffectiveLocale);
  const headers = useAppState(selectSchemaFields, path);
  const groups = useMemo(() => fieldGroups(headers), [headers]);
  const entity = useAppState(selectEntity, path, id);
  const rights = useAppState(selectEntityRights, path, id);
  const draft = useAppState(selectDraft, path, id);
  const write = useAppState(selectEntityWrite, path, id);
  const [, navigate] = useLocation();

  // a draft found on arrival (or restored from storage just after) opens the form and is announced
  const [editing, setEditing] = useState(draft !== null);
  const [restoredSince, setRestoredSince] = useState<number | null>(draft?.since ?? null);
  const changedHere = useRef(false);
  useEffect(() => {
    if (draft && !changedHere.current && !editing) {
      setEditing(true);
      setRestoredSince(draft.since);
    }
  }, [draft, editing]);

  const [asked, setAsked] = useState<'save' | 'workflow' | 'delete' | null>(null);
  const [notice, setNotice] = useState<'saved' | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    dispatch(resolveRequested({ names: [path] }));
  }, [dispatch, path]);

  // the form asks which fields an update may send (protocol §11.1) once, when it first opens
  const updateFields = useAppState(selectUpdateFields, path);
  const askUpdateFields = editing && rights.update && updateFields.status === 'unknown';
  useEffect(() => {
    if (askUpdateFields) dispatch(updateFieldsRequested({ name: path }));
  }, [dispatch, path, askUpdateFields]);

  // a deleted entity is not found any more: the page may put its 404 in place of this panel at
  // once, so the way back to the search is also taken when the panel goes after a deletion
  const { store } = usePortal();
  const askedDelete = useRef(false);
  useEffect(
    () => () => {
      if (!askedDelete.current) return;
      const last = selectEntityWrite(store.getState(), path, id);
      if (last?.operation === 'delete' && last.status === 'loaded') navigate('/search');
    },
    [store, path, id, navigate],
  );

  // what the last write asked from here became
  useEffect(() => {
    if (!write || asked === null || write.operation !== asked || isBusy(write.status)) return;
    if (asked === 'save' && write.status === 'loaded') {
      setEditing(false);
      setRestoredSince(null);
      setNotice('saved');
      setAsked(null);
    } else if (asked === 'delete' && write.status === 'loaded') {
      askedDelete.current = false;
      setAsked(null);
      navigate('/search');
    }
  }, [write, asked, navigate]);

  // a save this panel did not ask (the outbox sending a draft restored after a reload) closes the
  // restored form it saved, unless the user changed something here since
  const seenWrite = useRef(write);
  useEffect(() => {
    if (write === seenWrite.current) return;
    seenWrite.current = write;
    if (asked !== null || changedHere.current || write?.operation !== 'save' || write.status !== 'loaded')
      return;
    setEditing(false);
    setRestoredSince(null);
    setNotice('saved');
  }, [write, asked]);

  const data = entity?.data ?? null;
  const workflow = workflowOf(data);
  const fields = useMemo(
    () => updatableFields(editableFields(groups), updateFields.fields),
    [groups, updateFields.fields],
  );
  const values = useMemo(() => ({ ...(data ?? {}), ...(draft?.changes ?? {}) }), [data, draft]);
  const problems = useMemo(
    () =>
      new Map(
        fields.flatMap((field) => {
          const problem = fieldProblem(field, values[field.name]);
          return problem ? [[field.name, problem] as const] : [];
        }),
      ),
    [fields, values],
  );

  if (!entity || data === null) {
    if (kept) {
      return (
        <section aria-labelledby={headingId} className="metadata" data-resource={resource}>
          <h2 id={headingId}>{t('metadata.title')}</h2>
          {groups.map((group) => (
            <ReadGroup key={group.id} group={group} data={kept} locale={locale} />
          ))}
        </section>
      );
    }
    if (entity?.status === 'error' && entity.error) {
      return (
        <section aria-labelledby={headingId} className="metadata">
          <h2 id={headingId}>{t('metadata.title')}</h2>
          <ErrorMessage error={entity.error} lead={t('metadata.failed')} role="status" />
        </section>
      );
    }
    return (
      <section aria-labelledby={headingId} className="metadata" aria-busy="true">
        <h2 id={headingId}>{t('metadata.title')}</h2>
        <p role="status">{t('metadata.loading')}</p>
      </section>
    );
  }

  const canEdit = rights.update && fields.length > 0;
  const formShown = editing && canEdit;
  const saving = asked === 'save' && write?.operation === 'save' && isBusy(write.status);
  const saveFailed = write?.operation === 'save' && write.status === 'error' ? write : null;

  const change = (field: FieldView, value: unknown) => {
    changedHere.current = true;
    setNotice(null);
    dispatch(draftChanged({ path, id, changes: { [field.name]: value }, at: Date.now() }));
  };
  const save = () => {
    if (problems.size > 0) {
      setShowProblems(true);
      const first = fields.find((field) => problems.has(field.name));
      if (first) document.getElementById(`${formId}-${first.name}`)?.focus();
      return;
    }
    setShowProblems(false);
    if (!draft) {
      setEditing(false);
      setRestoredSince(null);
      return;
    }
    setAsked('save');
    dispatch(draftSaveRequested({ path, id }));
  };
  const discard = () => {
    dispatch(draftRolledBack({ path, id }));
    changedHere.current = false;
    setEditing(false);
    setRestoredSince(null);
    setShowProblems(false);
    setAsked(null);
  };

  return (
    <section aria-labelledby={headingId} className="metadata" data-resource={resource}>
      <h2 id={headingId}>{t('metadata.title')}</h2>
      {workflow && (
        <WorkflowBar
          workflow={workflow}
          canAct={rights.update}
          busy={write?.operation === 'workflow' && isBusy(write.status)}
          onAction={(action) => {
            setAsked('workflow');
            dispatch(workflowRequested({ path, id, action }));
          }}
        />
      )}
      {write?.operation === 'workflow' && write.status === 'error' && write.error && (
        <PendingWrite requestId={write.requestId}>
          <ErrorMessage error={write.error} lead={t('metadata.workflowFailed')} />
        </PendingWrite>
      )}
      {notice === 'saved' && !formShown && (
        <p role="status" className="metadata__notice">
          {t('metadata.saved')}
        </p>
      )}
      {formShown ? (
        <form
          className="metadata__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          {restoredSince !== null && draft && (
            <div role="status" className="metadata__draft-notice">
              <p>
                {t('metadata.draftSince', {
                  time: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                    new Date(restoredSince),
                  ),
                })}
              </p>
              <button type="button" onClick={() => setRestoredSince(null)}>
                {t('metadata.keepEditing')}
              </button>
              <button type="button" onClick={discard}>
                {t('metadata.discard')}
              </button>
            </div>
          )}
          {updateFields.status === 'error' && updateFields.error && (
            <ErrorMessage
              error={updateFields.error}
              lead={t('metadata.updateFieldsFailed')}
              role="status"
              onRetry={() => dispatch(updateFieldsRequested({ name: path }))}
            />
          )}
          {groups.map((group) => {
            const editable = group.fields.filter((field) => fields.includes(field));
            if (editable.length === 0) return null;
            return (
              <fieldset key={group.id} className="metadata__group">
                {group.name && <legend>{group.name}</legend>}
                {editable.map((field) => (
                  <FieldControl
                    key={field.name}
                    field={field}
                    value={values[field.name]}
                    problem={
                      showProblems || draft?.changes[field.name] !== undefined
                        ? (problems.get(field.name) ?? null)
                        : null
                    }
                    onChange={(value) => change(field, value)}
                    locale={locale}
                    formId={formId}
                  />
                ))}
              </fieldset>
            );
          })}
          {showProblems && problems.size > 0 && (
            <p role="alert" className="metadata__problems">
              {t('metadata.invalidSummary')}
            </p>
          )}
          {saveFailed?.error && (
            <PendingWrite requestId={saveFailed.requestId}>
              <ErrorMessage
                error={saveFailed.error}
                lead={t('metadata.saveFailed')}
                onRetry={save}
                retryLabel={t('metadata.retry')}
              />
            </PendingWrite>
          )}
          <div className="metadata__actions">
            <button
              type="submit"
              className="button btn-primary"
              disabled={saving}
              aria-busy={saving || undefined}
            >
              {saving ? t('metadata.saving') : t('metadata.save')}
            </button>
            <button type="button" onClick={discard} disabled={saving}>
              {t('metadata.discard')}
            </button>
          </div>
        </form>
      ) : (
        <>
          {canEdit && (
            <button
              type="button"
              className="metadata__edit"
              onClick={() => {
                setNotice(null);
                setEditing(true);
              }}
            >
              {t('metadata.edit')}
            </button>
          )}
          {groups.map((group) => (
            <ReadGroup key={group.id} group={group} data={data} locale={locale} />
          ))}
        </>
      )}
      {rights.delete && !formShown && (
        <button type="button" className="metadata__delete" onClick={() => setConfirmDelete(true)}>
          {t('metadata.delete')}
        </button>
      )}
      {confirmDelete && (
        <ModalDialog title={t('metadata.deleteTitle')} onClose={() => setConfirmDelete(false)}>
          <p>{t('metadata.deleteText', { name: entity.name })}</p>
          {write?.operation === 'delete' && write.status === 'error' && write.error && (
            <ErrorMessage error={write.error} lead={t('metadata.deleteFailed')} />
          )}
          <div className="modal-dialog__actions">
            <button
              type="button"
              className="button btn-danger"
              disabled={asked === 'delete' && write?.operation === 'delete' && isBusy(write.status)}
              onClick={() => {
                setAsked('delete');
                askedDelete.current = true;
                dispatch(deleteRequested({ path, id }));
              }}
            >
              {asked === 'delete' && write?.operation === 'delete' && isBusy(write.status)
                ? t('metadata.deleting')
                : t('metadata.deleteConfirm')}
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              {t('metadata.deleteCancel')}
            </button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}
