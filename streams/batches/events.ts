import * as z from 'zod/mini';
import { minLength, nonnegative } from '../core/bounds';
import { defineFact, defineIntent } from '../core/event';

const text = z.string().check(minLength(1));
const entityId = z.union([z.string(), z.number()]);

/** One entity write of a batch (protocol §16): a create, or an update of `id`. */
const batchActionSchema = z.object({
  kind: z.enum(['create', 'update']),
  path: text,
  id: z.optional(entityId),
  values: z.record(z.string(), z.unknown()),
});
export type BatchActionInput = z.infer<typeof batchActionSchema>;

/** Several creates and updates run as one batch; without `id` the batch gets the next counter value. */
export const batchRequested = defineIntent('batches/batchRequested', {
  id: z.optional(text),
  label: z.string(),
  actions: z.array(batchActionSchema),
});

/**
 * The batch exists, `draft`: its id, and the progress cap of §16 (`batchActionProgressCap`), put
 * here by the epic so the fold never reads config.
 */
export const batchCreated = defineFact('batches/batchCreated', 'system', {
  id: text,
  label: z.string(),
  actions: z.array(batchActionSchema),
  progressCap: z.number(),
});

/** `Batch id {id} already exists` or `Unknown batch {id}` (§16). */
export const batchRefused = defineFact('batches/batchRefused', 'system', { id: text, message: z.string() });

export const batchScheduled = defineFact('batches/batchScheduled', 'system', { id: text });
/** A tick found room for the batch (at most `batchConcurrency` at once): `processing`. */
export const batchStarted = defineFact('batches/batchStarted', 'timer', { id: text });
/** A tick started an action (at most `batchActionConcurrency` at once): `processing`. */
export const actionStarted = defineFact('batches/actionStarted', 'timer', {
  batchId: text,
  index: z.int().check(nonnegative()),
});

/** The entity write answered: `done` (with the entity's id), `canceled` (no result) or `error`. */
export const actionFinished = defineFact('batches/actionFinished', 'system', {
  batchId: text,
  index: z.int().check(nonnegative()),
  status: z.enum(['done', 'canceled', 'error']),
  entityId: z.optional(z.string()),
  error: z.optional(z.string()),
});

/** A tick found every action finished: `done` (progress 100), or `error` when an action failed. */
export const batchFinished = defineFact('batches/batchFinished', 'timer', {
  id: text,
  status: z.enum(['done', 'error']),
});

/** The actions not started yet are canceled; the running ones finish. */
export const batchCanceled = defineIntent('batches/batchCanceled', { id: text });

/** One action not started yet is canceled (its cancel handle, seed 001 §3); a running one finishes. */
export const actionCanceled = defineIntent('batches/actionCanceled', {
  batchId: text,
  index: z.int().check(nonnegative()),
});
