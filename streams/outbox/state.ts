import type { OutboxEntry } from './events';

export interface OutboxState {
  /** whose writes these are: null until a user is known and their stored writes are read */
  user: string | null;
  /** in the order they were made: the order they are sent in */
  entries: OutboxEntry[];
  /** what the browser said last; true until it says otherwise */
  online: boolean;
  /** writes of this session the outbox saved later (their first request's id) */
  saved: string[];
  /** the requests the outbox sent again, by id: the entry each stands for */
  resends: Record<string, string>;
}

export const initialOutboxState: OutboxState = {
  user: null,
  entries: [],
  online: true,
  saved: [],
  resends: {},
};

export type OutboxRoot = { outbox: OutboxState };
