import { act } from '@testing-library/react';
import { ERROR_CODES } from '../../streams/core/errors';
import type { AnyEvent, UnstampedEvent } from '../../streams/core/event';
import { queued } from '../../streams/outbox/events';

interface Dispatcher {
  dispatch(event: UnstampedEvent | AnyEvent): AnyEvent | null;
}

/**
 * A write that failed for want of a network, as the outbox keeps it: the intent, its failure
 * (caused by it) and `outbox/queued` with the intent's id, what the outbox's epic would add.
 */
export function keptOffline(
  store: Dispatcher,
  intent: UnstampedEvent,
  failure: (origin: AnyEvent) => UnstampedEvent,
  domain: string,
): void {
  act(() => {
    const sent = store.dispatch(intent)!;
    store.dispatch(failure(sent));
    store.dispatch(
      queued({
        entry: {
          id: sent.meta.id,
          type: sent.type,
          payload: sent.payload,
          domain,
          label: { key: 'outbox.preferences.set', values: {} },
          queuedAt: sent.meta.at,
          attempts: 0,
          error: { code: ERROR_CODES.network, message: 'Failed to fetch' },
          state: 'waiting',
        },
      }),
    );
  });
}
