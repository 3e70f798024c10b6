import type { OutboxRoot } from './state';

/**
 * How many writes the outbox holds: the header shows the outbox only when it holds one, so this
 * one read is in the first download, apart from the outbox's other selectors (`selectors.ts`).
 */
export const selectOutboxCount = (state: OutboxRoot): number => state.outbox.entries.length;
