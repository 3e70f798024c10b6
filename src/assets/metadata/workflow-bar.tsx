import { useTranslate } from '../../i18n/use-translate';
import './messages';

/** The workflow state and steps an entity lists in its `$workflow` member. */
interface WorkflowInfo {
  state: string | null;
  label: string | null;
  actions: Array<{ action: string; label: string }>;
}

export function workflowOf(data: Record<string, unknown> | null | undefined): WorkflowInfo | null {
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

/** The entity's workflow state, and its steps as buttons for those with the update right. */
export function WorkflowBar({
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
