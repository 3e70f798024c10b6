import type { Draft } from 'immer';
import { produce } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import type { AnyEvent } from '../core/event';
import { signedOut } from '../session/events';
import * as outboxEvents from './events';
import { connectivityChanged } from './connectivity-events';
import { initialOutboxState, type OutboxState } from './state';

type D = Draft<OutboxState>;

const entryOf = (draft: D, id: string) => draft.entries.find((entry) => entry.id === id);

function settle(draft: D, id: string): void {
  draft.entries = draft.entries.filter((entry) => entry.id !== id);
  if (!draft.saved.includes(id)) draft.saved.push(id);
}

const cases = caseReducer<OutboxState>(
  // what was stored comes first (it was made earlier); a write kept before the read stays after
  on(outboxEvents.restored, (draft, event) => {
    const stored: outboxEvents.OutboxEntry[] = event.payload.entries.map((entry) =>
      entry.state === 'sending' ? { ...entry, state: 'waiting' } : entry,
    );
    const known = new Set(stored.map((entry) => entry.id));
    const kept = draft.user === null || draft.user === event.payload.user ? draft.entries : [];
    draft.entries = [
      ...stored,
      ...kept.filter((entry) => !known.has(entry.id)),
    ] as Draft<outboxEvents.OutboxEntry>[];
    draft.user = event.payload.user;
  }),
  on(outboxEvents.queued, (draft, event) => {
    if (!entryOf(draft, event.payload.entry.id))
      draft.entries.push(event.payload.entry as Draft<outboxEvents.OutboxEntry>);
  }),
  on(connectivityChanged, (draft, event) => {
    draft.online = event.payload.online;
  }),
  on(outboxEvents.resendStarted, (draft, event) => {
    const entry = entryOf(draft, event.payload.entryId);
    if (!entry) return;
    entry.state = 'sending';
    entry.attempts += 1;
  }),
  on(outboxEvents.alreadySaved, (draft, event) => settle(draft, event.payload.entryId)),
  on(outboxEvents.resent, (draft, event) => settle(draft, event.payload.entryId)),
  on(outboxEvents.resendFailed, (draft, event) => {
    const entry = entryOf(draft, event.payload.entryId);
    if (!entry) return;
    entry.state = event.payload.refused ? 'refused' : 'waiting';
    const { stack: _stack, ...error } = event.payload.error;
    entry.error = error;
  }),
  on(outboxEvents.conflicted, (draft, event) => {
    const entry = entryOf(draft, event.payload.entryId);
    if (!entry) return;
    entry.state = 'conflict';
    entry.conflict = event.payload.conflict as Draft<outboxEvents.OutboxEntry['conflict']>;
  }),
  // "Keep theirs" leaves the entry to the epic that folds the server's version (`theirsFolded`)
  on(outboxEvents.conflictSettled, (draft, event) => {
    const entry = entryOf(draft, event.payload.entryId);
    if (entry?.state !== 'conflict' || event.payload.keep === 'theirs') return;
    entry.state = 'waiting';
    entry.forced = true;
    delete entry.conflict;
  }),
  on(outboxEvents.theirsFolded, (draft, event) => {
    draft.entries = draft.entries.filter((entry) => entry.id !== event.payload.entryId);
  }),
  on(outboxEvents.retryRequested, (draft, event) => {
    const entry = entryOf(draft, event.payload.entryId);
    if (entry && entry.state === 'refused') entry.state = 'waiting';
  }),
  on(outboxEvents.discardRequested, (draft, event) => {
    draft.entries = draft.entries.filter((entry) => entry.id !== event.payload.entryId);
  }),
  on(outboxEvents.discardAllRequested, (draft) => {
    draft.entries = [];
  }),
  // another user may sign in next: this one's writes stay in storage, not in the tab
  on(signedOut, (draft) => ({ ...initialOutboxState, online: draft.online }) as D),
);

/** The prefix of the correlation id the outbox gives a write it sends again. */
export const RESEND_CORR = 'outbox/';

/**
 * Folds the outbox's own events, and notes each request it sent again (an intent of another
 * domain carrying its correlation id), so the domain's views can tell it from a new one.
 */
export function outboxReducer(state: OutboxState, event: AnyEvent): OutboxState {
  const next = cases(state, event);
  const corr = event.meta.corr;
  if (corr === undefined || !corr.startsWith(RESEND_CORR) || event.type.startsWith('outbox/')) return next;
  const entryId = corr.slice(RESEND_CORR.length, corr.lastIndexOf('#'));
  const entry = next.entries.find((candidate) => candidate.id === entryId);
  if (!entry || entry.type !== event.type) return next;
  return produce(next, (draft) => {
    draft.resends[event.meta.id] = entryId;
  });
}
