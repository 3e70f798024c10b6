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
import { resolveRequested } from '../../../streams/schemas/events';
import { selectSchemaFields } from '../../../streams/schemas/selectors';
import { selectEffectiveLocale } from '../../../streams/session/selectors';
import { usePortal } from '../../app/store-context';
import { useAppState } from '../../hooks/use-app-state';
import { useDispatch } from '../../hooks/use-dispatch';
import { useTranslate } from '../../i18n/use-translate';
import { ErrorMessage } from '../../ui/error-message';
import { formatSize } from '../../ui/format-size';
import { ModalDialog } from '../../ui/modal-dialog';
import { FieldControl } from './field-control';
import {
  editableFields,
  type FieldGroup,
  type FieldView,
  fieldGroups,
  fieldProblem,
  formatValue,
  relationItems,
} from './fields';
import { useRelationNames } from './relation-field';
import './messages';
import './metadata.css';

export interface MetadataPanelProps {
  resource: string;
  /** the entity's schema path, e.g. `dam/data/asset` */
  path: string;
  id: string | number;
}

interface WorkflowInfo {
  state: string | null;
  label: string | null;
  actions: Array<{ action: string; label: string }>;
}

function workflowOf(data: Record<string, unknown> | null | undefined): WorkflowInfo | null {
  const workflow = data?.$workflow;
  if (!workflow || typeof workflow !== 'object') return null;
  const { state, label, actions } = workflow as Record<string, unknown>;
  return {
    state: typeof state === 'string' ? state : null,
    label: typeof label === 'string' ? label : typeof state === 'string' ? state : null,
    actions: Array.isArray(actions)
      ? actions.flatMap((one) =>
          one && typeof one === 'object' && typeof (one as { action?: unknown }).action === 'string'
            ? [
                {
                  action: (one as { action: string }).action,
                  label: String((one as { label?: unknown }).label ?? (one as { action: string }).action),
                },
              ]
            : [],
        )
      : [],
  };
}

/**
 * The asset page's "Metadata" region (UI-CONTRACT, second wave): the schema's fields in their
 * groups as a description list, relations by name; with the update right, "Edit" turns it into a
 * form whose state is the entity's draft (`entities/draftChanged` on every change), so a reload
 * finds it again and says so ("Unsaved changes from …"). "Save" and "Discard changes"; the
 * workflow steps the entity lists, and "Delete" with a confirmation for those with the right.
 */
export function MetadataPanel({ resource, path, id }: MetadataPanelProps) {
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

  const data = entity?.data ?? null;
  const workflow = workflowOf(data);
  const fields = useMemo(() => editableFields(groups), [groups]);
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
        <ErrorMessage error={write.error} lead={t('metadata.workflowFailed')} />
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
            <ErrorMessage
              error={saveFailed.error}
              lead={t('metadata.saveFailed')}
              onRetry={save}
              retryLabel={t('metadata.retry')}
            />
          )}
          <div className="metadata__actions">
            <button
              type="submit"
              className="button button--primary"
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
              className="button button--danger"
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

function WorkflowBar({
  workflow,
  canAct,
  busy,
  onAction,
}: {
  workflow: WorkflowInfo;
  canAct: boolean;
  busy: boolean;
  onAction(action: string): void;
}) {
  const t = useTranslate();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset
    <div role="group" aria-label={t('metadata.workflow')} className="metadata__workflow">
      {workflow.label && (
        <span role="status" className="metadata__workflow-state">
          {t('metadata.workflowState', { label: workflow.label })}
        </span>
      )}
      {canAct &&
        workflow.actions.map(({ action, label }) => (
          <button key={action} type="button" disabled={busy} onClick={() => onAction(action)}>
            {label}
          </button>
        ))}
    </div>
  );
}

function ReadGroup({
  group,
  data,
  locale,
}: {
  group: FieldGroup;
  data: Record<string, unknown>;
  locale: string;
}) {
  return (
    <div className="metadata__group">
      {group.name && <h3>{group.name}</h3>}
      <dl>
        {group.fields.map((field) => (
          <ReadField key={field.name} field={field} value={data[field.name]} locale={locale} />
        ))}
      </dl>
    </div>
  );
}

function ReadField({ field, value, locale }: { field: FieldView; value: unknown; locale: string }) {
  const t = useTranslate();
  let shown: string | null;
  if (field.kind === 'one' || field.kind === 'many') {
    return <RelationValue field={field} value={value} />;
  }
  if (field.kind === 'boolean')
    shown = value === true ? t('metadata.yes') : value === false ? t('metadata.no') : null;
  else shown = formatValue(field, value, locale, formatSize);
  return (
    <>
      <dt>{field.label}</dt>
      <dd className={field.kind === 'text' ? 'metadata__text' : undefined}>{shown ?? t('metadata.empty')}</dd>
    </>
  );
}

function RelationValue({ field, value }: { field: FieldView; value: unknown }) {
  const t = useTranslate();
  const items = useRelationNames(field.related, relationItems(value));
  return (
    <>
      <dt>{field.label}</dt>
      <dd>
        {items.length ? items.map((item) => item.name ?? `#${item.id}`).join(', ') : t('metadata.empty')}
      </dd>
    </>
  );
}
