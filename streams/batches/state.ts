import type { BatchActionInput } from './events';

/** Protocol §2.1 / §16. */
export type BatchStatus = 'draft' | 'scheduled' | 'processing' | 'done' | 'error';
export type BatchActionStatus = 'scheduled' | 'processing' | 'done' | 'canceled' | 'error';

export interface BatchAction extends BatchActionInput {
  status: BatchActionStatus;
  /** the created or updated entity's id, once `done` */
  entityId?: string;
  /** the failure's message, once `error` */
  error?: string;
  /** a create with a binary: its size, and what was sent of it (§16) */
  total?: number;
  loaded?: number;
}

export interface Batch {
  id: string;
  label: string;
  status: BatchStatus;
  /** 0-100: the share of finished actions, at most `progressCap` until `done`, then 100 */
  progress: number;
  progressCap: number;
  /** actions done, canceled or failed */
  finished: number;
  actions: BatchAction[];
  /** the event that asked for the batch: what its ticks' events are caused by */
  origin: string;
}

/** The batches slice: batches of entity creates and updates (protocol §16). */
export interface BatchesState {
  byId: Record<string, Batch>;
  /** ids in the order the batches were created */
  order: string[];
  /** the counter batch ids come from (§16: starting at 1) */
  nextId: number;
}

export const initialBatchesState: BatchesState = { byId: {}, order: [], nextId: 1 };
