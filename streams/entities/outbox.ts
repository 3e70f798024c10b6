import type { AppEvent } from '../core/event';
import { declareWrites, type OutboxLabel, type WriteCheck } from '../outbox/events';
import { selectSchemaFields } from '../schemas/selectors';
import * as api from './api';
import {
  draftSaved,
  draftSaveFailed,
  draftSaveRequested,
  patched,
  patchFailed,
  patchRequested,
  workflowApplied,
  workflowFailed,
  workflowRequested,
} from './events';
import { type EntityId, entityName, idOf, isFileValue, isNumericId, sameValue } from './model';
import { selectDraft, selectEntity, selectNames } from './selectors';
import type { S } from './epic-support';

/**
 * The metadata writes the outbox keeps (issue 25): the save of an asset's draft and the patch of
 * its fields. Before one goes again the asset is read: its fields already as the write sets them
 * (an earlier attempt was saved, its answer lost) are not written twice; fields someone changed
 * meanwhile (no longer what the write was made on) are a conflict the user settles. A workflow
 * step is read first too: the asset's workflow state moved on since it was asked, it went through
 * (or someone else moved it): it is not asked again. Not kept: the save of an asset not created
 * yet (done twice, it would make two), deletions.
 */

/**
 * What a metadata write was made on, taken when it is kept: the fields it sets (`mine`), their
 * values on the asset it was edited from (`before`, null when empty), their labels and the asset's
 * name (absent in bases kept before names were). Files are left out: a File cannot be stored, and
 * is never the same as a stored value.
 */
interface MetadataBase {
  mine: Record<string, unknown>;
  before: Record<string, unknown>;
  labels: Record<string, string>;
  name?: string | null;
}

/** The asset's name as the portal knows it when a write is kept (kept with it, so a reload has it), or null. */
function assetName(state: S, path: string, id: EntityId): string | null {
  const data = selectEntity(state, path, id)?.data;
  const name = data ? entityName(data, id) : selectNames(state, path)[String(id)];
  return name && name !== String(id) ? name : null;
}

function baseOf(state: S, path: string, id: EntityId, values: Record<string, unknown>): MetadataBase {
  const stored = selectEntity(state, path, id)?.data ?? {};
  const headers = selectSchemaFields(state, path);
  const fields = Object.keys(values).filter((field) => !isFileValue(values[field]));
  return {
    mine: Object.fromEntries(fields.map((field) => [field, values[field] ?? null])),
    before: Object.fromEntries(fields.map((field) => [field, stored[field] ?? null])),
    labels: Object.fromEntries(fields.map((field) => [field, headers[field]?.label ?? field])),
    name: assetName(state, path, id),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value in words: a relation by its name, a text in several languages by its first. */
function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(valueWords).join(', ');
  if (isRecord(value)) {
    const named = value.name ?? value;
    const text = isRecord(named) ? Object.values(named).find((part) => typeof part === 'string') : named;
    return typeof text === 'string' ? text : String(idOf(value));
  }
  return String(value);
}

/** One version of the fields a write sets, in words: "Title: …; Author: …". */
function versionLabel(id: EntityId, base: MetadataBase, values: Record<string, unknown>): OutboxLabel {
  const fields = Object.keys(base.mine)
    .map((field) => `${base.labels[field]}: ${valueWords(values[field])}`)
    .join('; ');
  return typeof base.name === 'string'
    ? { key: 'outbox.entities.versionNamed', values: { name: base.name, fields } }
    : { key: 'outbox.entities.version', values: { id: String(id), fields } };
}

const isBase = (base: unknown): base is MetadataBase =>
  isRecord(base) && isRecord(base.mine) && isRecord(base.before) && isRecord(base.labels);

/**
 * The asset read again: its fields as the write sets them, the write's answer (`answer`) is
 * folded and it is not sent; one of them changed meanwhile, a conflict whose "Keep theirs" folds
 * the asset as the server holds it (as a save's answer: the draft goes). Without a base (an
 * entry kept before bases were taken), it is sent.
 */
function metadataCheck(
  path: string,
  id: EntityId,
  base: unknown,
  answer: (data: Record<string, unknown>) => ReturnType<WriteCheck<unknown>['decide']>,
): WriteCheck<Parameters<typeof api.entityData>[0]> {
  const fields = isBase(base) ? Object.keys(base.mine) : [];
  return {
    read: api.fetchEntity(path, id),
    decide: (wire) => {
      const data = api.entityData(wire);
      // nothing to compare (a draft of files only): it goes
      if (!data || !isBase(base) || fields.length === 0) return null;
      const saved = fields.every((field) => sameValue(data[field] ?? null, base.mine[field]));
      return saved ? answer(data) : null;
    },
    conflict: (wire) => {
      const data = api.entityData(wire);
      if (!data) return { theirs: null, fold: null };
      if (!isBase(base)) return null;
      const changed = fields.some(
        (field) =>
          !sameValue(data[field] ?? null, base.before[field]) &&
          !sameValue(data[field] ?? null, base.mine[field]),
      );
      if (!changed) return null;
      const { type, payload } = draftSaved({ path, id, data });
      return { theirs: versionLabel(id, base, data), fold: { type, payload } };
    },
  };
}

type DraftIntent = AppEvent<string, { path: string; id: EntityId }>;
type PatchIntent = AppEvent<
  string,
  { path: string; id: EntityId; values: Record<string, unknown>; ticket?: string }
>;

const saveLabelById = (payload: { id: EntityId }): OutboxLabel => ({
  key: 'outbox.entities.save',
  values: { id: String(payload.id) },
});

/** "Save the metadata of “Lake”": the asset by its name when the portal knows it, else by its id. */
function saveLabel(payload: { path: string; id: EntityId }, state: S): OutboxLabel {
  const name = assetName(state, payload.path, payload.id);
  return name === null ? saveLabelById(payload) : { key: 'outbox.entities.saveNamed', values: { name } };
}

const yours = (payload: { id: EntityId }, base: unknown) =>
  isBase(base) ? versionLabel(payload.id, base, base.mine) : saveLabelById(payload);

/** The workflow state an entity lists in its `$workflow` member, or null. */
function workflowState(data: Record<string, unknown> | null | undefined): string | null {
  const workflow = data?.$workflow;
  return isRecord(workflow) && typeof workflow.state === 'string' ? workflow.state : null;
}

/** A step by the label its entity gives it (the asset as it was when the step was asked), else its name. */
function stepLabel(state: S, path: string, id: EntityId, action: string): string {
  const workflow = selectEntity(state, path, id)?.data?.$workflow;
  const actions = isRecord(workflow) && Array.isArray(workflow.actions) ? workflow.actions : [];
  const step = actions.find((candidate) => isRecord(candidate) && candidate.action === action);
  return isRecord(step) && typeof step.label === 'string' ? step.label : action;
}

type WorkflowIntent = AppEvent<string, { path: string; id: EntityId; action: string; ticket?: string }>;

/** A step's check: the state it was asked from (its `base`) is gone on the server, it went through. */
function workflowCheck(
  intent: WorkflowIntent,
  base: unknown,
): WriteCheck<Parameters<typeof api.entityData>[0]> {
  const { path, id, ticket } = intent.payload;
  const from = isRecord(base) && typeof base.state === 'string' ? base.state : null;
  return {
    read: api.fetchEntity(path, id),
    decide: (wire) => {
      const data = api.entityData(wire);
      const now = workflowState(data);
      if (!data || from === null || now === null || now === from) return null;
      return workflowApplied({ path, id, data, ...(ticket === undefined ? {} : { ticket }) }, intent);
    },
  };
}

declareWrites([
  {
    domain: 'entities',
    intent: workflowRequested,
    answers: [workflowApplied],
    failures: [workflowFailed],
    keeps: (payload: { id: EntityId }) => isNumericId(payload.id),
    label: (payload: { path: string; id: EntityId; action: string }, state: S): OutboxLabel => {
      const step = stepLabel(state, payload.path, payload.id, payload.action);
      const name = assetName(state, payload.path, payload.id);
      return name === null
        ? { key: 'outbox.entities.workflow', values: { id: String(payload.id), step } }
        : { key: 'outbox.entities.workflowNamed', values: { name, step } };
    },
    // kept when its failure left the asset as it was: the state the step was asked from
    base: (payload: { path: string; id: EntityId }, state: S) => ({
      state: workflowState(selectEntity(state, payload.path, payload.id)?.data),
    }),
    check: (intent: WorkflowIntent, _deps, base) => workflowCheck(intent, base),
  },
  {
    domain: 'entities',
    intent: draftSaveRequested,
    answers: [draftSaved],
    failures: [draftSaveFailed],
    keeps: (payload: { id: EntityId }) => isNumericId(payload.id),
    label: saveLabel,
    // kept when its failure left the draft as it was: what it saves, and the asset it was made on
    base: (payload: { path: string; id: EntityId }, state: S) =>
      baseOf(state, payload.path, payload.id, selectDraft(state, payload.path, payload.id)?.changes ?? {}),
    yours,
    check: (intent: DraftIntent, _deps, base) => {
      const { path, id } = intent.payload;
      return metadataCheck(path, id, base, (data) => draftSaved({ path, id, data }, intent));
    },
  },
  {
    domain: 'entities',
    intent: patchRequested,
    answers: [patched],
    failures: [patchFailed],
    label: saveLabel,
    base: (payload: { path: string; id: EntityId; values: Record<string, unknown> }, state: S) =>
      baseOf(state, payload.path, payload.id, payload.values),
    yours,
    check: (intent: PatchIntent, _deps, base) => {
      const { path, id, ticket } = intent.payload;
      const withTicket = ticket === undefined ? {} : { ticket };
      return metadataCheck(path, id, base, (data) => patched({ path, id, data, ...withTicket }, intent));
    },
  },
]);
