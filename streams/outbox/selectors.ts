import type { OutboxEntry } from './events';
import type { OutboxRoot } from './state';

export const selectOutboxEntries = (state: OutboxRoot): OutboxEntry[] => state.outbox.entries;

/**
 * What the outbox says of a domain's request: `pending` (kept, to be sent when the network is
 * back), `saved` (sent again since, and saved), `resend` (a request the outbox itself sent again:
 * the entry speaks for it), or null (not the outbox's: a refusal or a discarded write reads as before).
 */
export function selectWriteState(
  state: OutboxRoot,
  requestId: string | null | undefined,
): 'pending' | 'saved' | 'resend' | null {
  if (!requestId) return null;
  const { entries, saved, resends } = state.outbox;
  if (resends[requestId] !== undefined) return 'resend';
  if (saved.includes(requestId)) return 'saved';
  const entry = entries.find((candidate) => candidate.id === requestId);
  return entry && entry.state !== 'refused' ? 'pending' : null;
}

/** The domains whose writes wait, as one string (stable for a view's effect): their code is needed to send them. */
export const selectOutboxDomains = (state: OutboxRoot): string =>
  [...new Set(state.outbox.entries.map((entry) => entry.domain))].sort().join(',');

/** What the browser said of the network last; true until it says otherwise. */
export const selectIsOnline = (state: OutboxRoot): boolean => state.outbox.online;
