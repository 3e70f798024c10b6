import { describe, expect, it } from 'vitest';
import { editRequested } from '../../../streams/carts/edit-events';
import { AppError, ERROR_CODES } from '../../../streams/core/errors';
import { conflictSettled } from '../../../streams/outbox/events';
import { selectOutboxEntries } from '../../../streams/outbox/selectors';
import { aWireCart } from '../carts/fixtures';
import {
  alice,
  listed,
  offlineUntil10s,
  outboxEvents,
  paths,
  setup,
  type Decided,
  decideAt15s,
} from './setup';

const notFound = new AppError({ code: ERROR_CODES.http(404), message: 'Not found', status: 404 });
/** Alice renames cart 4 ("Before") to "Mine" while offline. */
const rename = editRequested({ cartId: '4', name: 'Mine', description: '', isPrivate: true });

/**
 * Alice's rename kept offline; the network back at 10 s, the server holds cart 4 as `server` says
 * (null: gone). `choose` is what the user does at 15 s with the conflict; the state is read at 20 s.
 */
function renamedMeanwhile(
  server: () => Record<string, unknown> | null,
  choose?: (entryId: string) => unknown,
) {
  let online = false;
  const context = setup((request) => {
    if (!online) return 'fail';
    if (request.path.endsWith('listCartItems/4')) {
      const cart = server();
      return cart
        ? context.answered(aWireCart('4', cart))
        : context.scheduler.createColdObservable('-#', {}, notFound);
    }
    if (request.path.endsWith('editCart/4')) return context.answered(aWireCart('4', { name: 'Mine' }));
    return 'fail';
  });
  const { scheduler, network, seen, start } = context;
  let decided: Decided = {};
  scheduler.run(({ hot }) => {
    const store = start();
    hot('a l b', { a: alice, l: listed, b: rename }).subscribe((event) => store.dispatch(event));
    offlineUntil10s(scheduler, network, () => {
      online = true;
    });
    decided = decideAt15s(scheduler, store, choose);
  });
  const { conflict, state } = decided;
  const since = (at: number) =>
    outboxEvents(seen)
      .filter(([time]) => time >= at)
      .map(([, type]) => type);
  const edits = paths(context.http.requests).filter((path) => path.includes('editCart/4'));
  return { conflict, state, since, edits, seen };
}

describe('a kept write whose object changed or vanished meanwhile is a conflict the user settles (issue 25)', () => {
  it('renamed by someone else meanwhile: not sent, shown with both versions in words', () => {
    const { conflict, since, edits } = renamedMeanwhile(() => ({ name: 'Theirs' }));
    expect(since(10_000)).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/conflicted',
    ]);
    expect(edits).toHaveLength(1); // the first attempt, offline
    expect(conflict?.state).toBe('conflict');
    expect(conflict?.conflict).toEqual({
      yours: { key: 'outbox.carts.versionPrivate', values: { name: 'Mine', description: '' } },
      theirs: { key: 'outbox.carts.versionPrivate', values: { name: 'Theirs', description: '' } },
      fold: expect.objectContaining({ type: 'carts/edited' }),
    });
  });

  it('"Keep mine": sent anyway, once, over the server’s version', () => {
    const { state, since, edits } = renamedMeanwhile(
      () => ({ name: 'Theirs' }),
      (entryId) => conflictSettled({ entryId, keep: 'mine' }),
    );
    expect(since(15_000)).toEqual([
      'outbox/conflictSettled',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
    ]);
    expect(edits).toHaveLength(2);
    expect(state && selectOutboxEntries(state)).toEqual([]);
    expect(state?.carts.carts['4']?.name).toBe('Mine');
  });

  it('"Keep theirs": the kept write is dropped, never sent, and the server’s version folded', () => {
    const { state, since, edits, seen } = renamedMeanwhile(
      () => ({ name: 'Theirs' }),
      (entryId) => conflictSettled({ entryId, keep: 'theirs' }),
    );
    expect(since(15_000)).toEqual(['outbox/conflictSettled', 'outbox/theirsFolded']);
    expect(seen.filter(([at, type]) => at >= 15_000 && type === 'carts/edited')).toHaveLength(1);
    expect(edits).toHaveLength(1);
    expect(state && selectOutboxEntries(state)).toEqual([]);
    expect(state?.carts.carts['4']?.name).toBe('Theirs');
  });

  it('unchanged on the server since the write was made: sent, no conflict', () => {
    const { since, edits } = renamedMeanwhile(() => ({ name: 'Before' }));
    expect(since(10_000)).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
    ]);
    expect(edits).toHaveLength(2);
  });

  it('deleted meanwhile: shown as gone (no version of theirs), never sent', () => {
    const { conflict, since, edits } = renamedMeanwhile(() => null);
    expect(since(10_000)).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/conflicted',
    ]);
    expect(conflict?.conflict?.theirs).toBeNull();
    expect(conflict?.conflict?.fold).toBeNull();
    expect(edits).toHaveLength(1);
  });
});
