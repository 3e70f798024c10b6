import type { Caller } from '../handlers/caller';
import { hasRight } from '../search/rights';

/**
 * The demo's workflow of assets (issue 14, demo convention): draft → review → published, kept in
 * the row's `$status` (1 draft, 2 to validate = review, 6 published; other codes count as draft).
 */
export type WorkflowState = 'draft' | 'review' | 'published';

export const WORKFLOW_STATUS: Readonly<Record<WorkflowState, number>> = { draft: 1, review: 2, published: 6 };

interface Step {
  action: string;
  to: WorkflowState;
  label: { en: string; fr: string };
}

const STEPS: Readonly<Record<WorkflowState, readonly Step[]>> = {
  draft: [
    { action: 'submit', to: 'review', label: { en: 'Submit for review', fr: 'Soumettre à validation' } },
  ],
  review: [
    { action: 'publish', to: 'published', label: { en: 'Publish', fr: 'Publier' } },
    { action: 'reject', to: 'draft', label: { en: 'Reject', fr: 'Rejeter' } },
  ],
  published: [{ action: 'unpublish', to: 'draft', label: { en: 'Unpublish', fr: 'Dépublier' } }],
};

const STATE_LABELS: Readonly<Record<WorkflowState, { en: string; fr: string }>> = {
  draft: { en: 'Draft', fr: 'Brouillon' },
  review: { en: 'In review', fr: 'En validation' },
  published: { en: 'Published', fr: 'Publié' },
};

export function workflowStateOf(status: unknown): WorkflowState {
  if (status === WORKFLOW_STATUS.published) return 'published';
  if (status === WORKFLOW_STATUS.review) return 'review';
  return 'draft';
}

export type Lang = 'en' | 'fr';

export function langOf(value: string | null | undefined): Lang {
  return value?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export interface WireWorkflow {
  state: WorkflowState;
  label: string;
  actions: Array<{ action: string; label: string }>;
}

/** `$workflow` of a row (with `workflows=true`): the actions only for callers with the update right. */
export function workflowOf(status: unknown, caller: Caller, lang: Lang): WireWorkflow {
  const state = workflowStateOf(status);
  const allowed = hasRight(caller, 'objectactions/multiupdate');
  return {
    state,
    label: STATE_LABELS[state][lang],
    actions: allowed ? STEPS[state].map((step) => ({ action: step.action, label: step.label[lang] })) : [],
  };
}

/** The status after `action`, or undefined when the step is not offered in that state. */
export function nextStatus(status: unknown, action: string): number | undefined {
  const step = STEPS[workflowStateOf(status)].find((candidate) => candidate.action === action);
  return step && WORKFLOW_STATUS[step.to];
}
