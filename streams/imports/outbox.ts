import type { AppEvent } from '../core/event';
import { declareWrites, type OutboxLabel, type OutboxWrite, type WriteCheck } from '../outbox/events';
import * as api from './api';
import * as importEvents from './events';
import { itemsPatched, itemsPatchRequested, itemWorkflowApplied } from './manage-events';
import { selectImportItem, selectImportJob, type WithImports } from './selectors';

/**
 * The mass import's writes the outbox keeps (issue 25, with issue 27's move and delete). The
 * protocol has no idempotency keys, so what would be done twice is read first: the items a move
 * or a delete is about are looked for where it would have put them (a delete: gone from their
 * import; a move: in the target import), and only the others are sent again; an item deleted
 * meanwhile then gets a 404 and is told, never re-created. A workflow step is read first too (an
 * item whose status moved on went through). A deleted import is read first (gone or deactivated:
 * done). Writes that leave the items as once when done twice go again without a read: the
 * metadata commands and the bulk patch (the same values), validation (the server imports only
 * the items still ready), a new owner, sub-jobs (appended only when new). The job's own workflow
 * is read first (a job whose status moved on went through). Not kept: the uploads (their own queue
 * keeps and retries them).
 */

type ItemsPayload = { jobId: string; itemIds: string[] };
type ItemsIntent<P extends ItemsPayload = ItemsPayload> = AppEvent<string, P>;
type ItemsRead = api.ItemsAnswer;

const jobName = (state: WithImports, jobId: string): string => {
  const name = selectImportJob(state, jobId)?.data?.name;
  return typeof name === 'string' && name !== '' ? name : `#${jobId}`;
};

/** A label counting items: its `One` key for one item ("Delete 1 import item"). */
function itemsLabel(key: string, count: number, values: OutboxLabel['values'] = {}): OutboxLabel {
  return { key: count === 1 ? `${key}One` : key, values: { count, ...values } };
}

/** An item's server status (`$status`, or `status` as a read sends it) in one comparable form. */
function serverStatus(data: Record<string, unknown> | null | undefined): string | null {
  const status = data?.$status ?? data?.status;
  const id = typeof status === 'object' && status !== null ? (status as { id?: unknown }).id : status;
  return id === undefined || id === null ? null : String(id);
}

/** The rows of the items read back, by id. */
function rowsById(answer: ItemsRead): Map<string, importEvents.ImportItemData> {
  return new Map(answer.response.data.map((row) => [String(row.id), row as importEvents.ImportItemData]));
}

/**
 * A check of items, in parts: the items read in `readJob`; `done` tells an item done from its row
 * (or its absence), `answers` are the events of the items done; the others are sent again.
 */
function itemsCheck<P extends ItemsPayload>(
  intent: ItemsIntent<P>,
  readJob: string,
  done: (id: string, row: importEvents.ImportItemData | undefined) => boolean,
  answers: (
    ids: string[],
    rows: Map<string, importEvents.ImportItemData>,
  ) => ReturnType<WriteCheck<unknown>['decide']>,
): WriteCheck<ItemsRead> {
  const { itemIds } = intent.payload;
  const split = (answer: ItemsRead) => {
    const rows = rowsById(answer);
    const finished = itemIds.filter((id) => done(id, rows.get(id)));
    return { rows, finished, left: itemIds.filter((id) => !finished.includes(id)) };
  };
  return {
    read: api.itemsById(readJob, itemIds),
    decide: (answer) => {
      const { rows, finished } = split(answer);
      return finished.length === 0 ? null : answers(finished, rows);
    },
    rest: (answer) => {
      const { left } = split(answer);
      return left.length === 0 ? undefined : { ...intent.payload, itemIds: left };
    },
  };
}

/** Parts per item or per chunk: a failure names its item (`itemId`) or its chunk (`ids`). */
const itemParts = (end: { type: string }): OutboxWrite['parts'] => ({
  end,
  idsOf: (failure: { itemId?: string; ids?: string[] }) =>
    failure.ids ?? (failure.itemId ? [failure.itemId] : []),
  narrow: (payload: ItemsPayload, ids: string[]) => ({ ...payload, itemIds: ids }),
});

const deleteItems: OutboxWrite = {
  domain: 'imports',
  intent: importEvents.itemsDeleteRequested,
  answers: [importEvents.itemDeleted],
  failures: [importEvents.itemDeleteFailed],
  parts: itemParts(importEvents.itemsOperationFinished),
  label: (payload: ItemsPayload, state: WithImports) =>
    itemsLabel('outbox.imports.itemsDelete', payload.itemIds.length, { name: jobName(state, payload.jobId) }),
  // an item no longer in its import was deleted (by an earlier attempt, or by someone else: gone either way)
  check: (intent: ItemsIntent) =>
    itemsCheck(
      intent,
      intent.payload.jobId,
      (_id, row) => row === undefined,
      (ids) => ids.map((itemId) => importEvents.itemDeleted({ jobId: intent.payload.jobId, itemId }, intent)),
    ),
};

type MovePayload = ItemsPayload & { targetJobId: string };

const moveItems: OutboxWrite = {
  domain: 'imports',
  intent: importEvents.itemsTransferRequested,
  answers: [importEvents.itemTransferred],
  failures: [importEvents.itemTransferFailed],
  parts: itemParts(importEvents.itemsOperationFinished),
  label: (payload: MovePayload, state: WithImports) =>
    itemsLabel('outbox.imports.itemsMove', payload.itemIds.length, {
      name: jobName(state, payload.jobId),
      target: jobName(state, payload.targetJobId),
    }),
  // an item in the target import was moved; the others go again (one deleted meanwhile: a 404, told)
  check: (intent: ItemsIntent<MovePayload>) => {
    const { jobId, targetJobId } = intent.payload;
    return itemsCheck(
      intent,
      targetJobId,
      (_id, row) => row !== undefined,
      (ids, rows) =>
        ids.map((itemId) =>
          importEvents.itemTransferred(
            { jobId, itemId, targetJobId, item: rows.get(itemId) ?? null },
            intent,
          ),
        ),
    );
  },
};

type WorkflowPayload = ItemsPayload & { action: string };

const itemsWorkflow: OutboxWrite = {
  domain: 'imports',
  intent: importEvents.itemsWorkflowRequested,
  answers: [importEvents.itemsWorkflowChunkApplied, itemWorkflowApplied],
  failures: [importEvents.itemsWorkflowChunkFailed],
  parts: itemParts(importEvents.itemsWorkflowFinished),
  label: (payload: WorkflowPayload) =>
    itemsLabel('outbox.imports.itemsWorkflow', payload.itemIds.length, { step: payload.action }),
  // kept when its failure left the items as they were: the status each was asked from
  base: (payload: WorkflowPayload, state: WithImports) =>
    Object.fromEntries(payload.itemIds.map((id) => [id, serverStatus(selectImportItem(state, id)?.data)])),
  // an item whose status moved on went through (the step again would be refused); gone: sent, a 404 told
  check: (intent: ItemsIntent<WorkflowPayload>, _deps, base) => {
    const before = (base ?? {}) as Record<string, string | null>;
    const { jobId } = intent.payload;
    return itemsCheck(
      intent,
      jobId,
      (id, row) => row !== undefined && before[id] !== undefined && serverStatus(row) !== before[id],
      (ids, rows) => [
        importEvents.itemsFetched({ jobId, ids, items: ids.flatMap((id) => rows.get(id) ?? []) }, intent),
      ],
    );
  },
};

/** A write on items that leaves them as once when done twice: sent again without a read. */
const sameTwice = (
  intent: { type: string },
  answers: readonly { type: string }[],
  key: string,
): OutboxWrite => ({
  domain: 'imports',
  intent,
  answers,
  failures: [importEvents.commandFailed],
  label: (payload: ItemsPayload) => itemsLabel(key, payload.itemIds.length),
});

/** A job's server status (`$jobstatus` in the state, `status` as a read sends it). */
function jobStatus(data: Record<string, unknown> | null | undefined): string | null {
  const status = data?.$jobstatus ?? data?.status;
  return status === undefined || status === null ? null : String(status);
}

type JobWorkflowPayload = { jobId: string; action: string };

const jobWorkflow: OutboxWrite = {
  domain: 'imports',
  intent: importEvents.jobWorkflowRequested,
  answers: [importEvents.jobWorkflowApplied],
  failures: [importEvents.jobWorkflowFailed],
  label: (payload: JobWorkflowPayload, state: WithImports) => ({
    key: 'outbox.imports.jobWorkflow',
    values: { step: payload.action, name: jobName(state, payload.jobId) },
  }),
  // kept when its failure left the job as it was: the status it was asked from
  base: (payload: JobWorkflowPayload, state: WithImports) =>
    jobStatus(selectImportJob(state, payload.jobId)?.data as Record<string, unknown> | undefined),
  // its status moved on: the step went through (asked again, the server would refuse it); gone: told
  check: (intent: AppEvent<string, JobWorkflowPayload>, _deps, base) => ({
    read: api.fetchJob(intent.payload.jobId, false),
    decide: (answer: { response: { data: Record<string, unknown> } }) => {
      const job = answer.response.data;
      const movedOn = typeof base === 'string' && jobStatus(job) !== base;
      return movedOn
        ? importEvents.jobWorkflowApplied({ ...intent.payload, job: job as never }, intent)
        : null;
    },
  }),
};

declareWrites([
  deleteItems,
  moveItems,
  itemsWorkflow,
  sameTwice(importEvents.validateRequested, [importEvents.commandStarted], 'outbox.imports.validate'),
  sameTwice(importEvents.metadataSetRequested, [importEvents.commandStarted], 'outbox.imports.metadata'),
  sameTwice(importEvents.collectionChangeRequested, [importEvents.commandStarted], 'outbox.imports.metadata'),
  sameTwice(itemsPatchRequested, [itemsPatched], 'outbox.imports.metadata'),
  {
    domain: 'imports',
    intent: importEvents.jobDeleteRequested,
    answers: [importEvents.jobDeleted],
    failures: [importEvents.jobDeleteFailed],
    label: (payload: { jobId: string }, state: WithImports) => ({
      key: 'outbox.imports.jobDelete',
      values: { name: jobName(state, payload.jobId) },
    }),
    // the import read again: gone or deactivated, it was deleted
    check: (intent: AppEvent<string, { jobId: string }>) => ({
      read: api.fetchJob(intent.payload.jobId, false),
      decide: (answer: { response: { data: { activated?: unknown } } }) =>
        answer.response.data.activated === false
          ? importEvents.jobDeleted({ jobId: intent.payload.jobId, deactivated: true }, intent)
          : null,
      gone: () => importEvents.jobDeleted({ jobId: intent.payload.jobId, deactivated: false }, intent),
    }),
  },
  jobWorkflow,
  // sub-jobs are appended only when new (`appendnew`): sent twice, the same
  {
    domain: 'imports',
    intent: importEvents.subJobsAddRequested,
    answers: [importEvents.subJobsAdded],
    failures: [importEvents.subJobsAddFailed],
    label: (payload: { jobId: string; subJobIds: string[] }, state: WithImports) => ({
      key: 'outbox.imports.subJobs',
      values: { count: payload.subJobIds.length, name: jobName(state, payload.jobId) },
    }),
  },
  {
    domain: 'imports',
    intent: importEvents.jobOwnerChangeRequested,
    answers: [importEvents.jobOwnerChanged],
    failures: [importEvents.jobOwnerChangeFailed],
    label: (payload: { jobId: string }, state: WithImports) => ({
      key: 'outbox.imports.jobOwner',
      values: { name: jobName(state, payload.jobId) },
    }),
  },
]);
