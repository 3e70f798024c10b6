import { describe, expect, it } from 'vitest';
import { shareRequested, shareRevokeRequested } from '../../../streams/carts/share-events';
import { AppError } from '../../../streams/core/errors';
import type { UnstampedEvent } from '../../../streams/core/event';
import type { HttpRequest } from '../../../streams/core/http';
import type { OutboxEntry } from '../../../streams/outbox/events';
import { selectOutboxEntries } from '../../../streams/outbox/selectors';
import type { RootState } from '../../../streams/root';
import { alice, listed, offlineUntil10s, outboxEvents, paths, setup } from './setup';

const notFound = new AppError({ code: 'error.http.404', message: 'Not Found', status: 404 });

/** A link of cart 5 ("Other") that lets its recipients view and download. */
const shareOfOther = shareRequested({
  cartId: '5',
  mode: 'link',
  description: 'For the agency',
  expires: null,
  actions: ['view', 'download'],
  collaborators: [],
  askForPassword: false,
  withAssetsDescriptions: true,
  profile: null,
  url: 'http://portal/shared/{uuid}',
});

/** A link of cart 5 as the demo's `listShares` lists it. */
const listedLink = (fields: Record<string, unknown>) => ({
  uuid: 'u-1',
  mode: 'link',
  description: 'For the agency',
  expires: null,
  actions: ['download', 'view'],
  hasPassword: false,
  created: 5_000,
  ...fields,
});

/**
 * Alice's `write` meets the network cut just after the start; back at 10 s, `online` answers each
 * request (an AppError: fails with it; undefined: 200, no body).
 */
function keptThenBack(write: UnstampedEvent, online: (request: HttpRequest<unknown>) => unknown) {
  let back = false;
  const { scheduler, http, network, seen, start, answered } = setup((request) => {
    if (!back) return 'fail';
    const answer = online(request);
    return answer instanceof AppError ? scheduler.createColdObservable('-#', {}, answer) : answered(answer);
  });
  let kept: OutboxEntry[] = [];
  let after: RootState | undefined;
  scheduler.run(({ hot }) => {
    const store = start();
    hot('a l b', { a: alice, l: listed, b: write }).subscribe((event) => store.dispatch(event));
    offlineUntil10s(scheduler, network, () => {
      back = true;
    });
    scheduler.schedule(() => {
      kept = selectOutboxEntries(store.getState());
    }, 9_000);
    scheduler.schedule(() => {
      after = store.getState();
    }, 20_000);
  });
  const sent = outboxEvents(seen)
    .filter(([at]) => at >= 10_000)
    .map(([, type]) => type);
  const writes = paths(http.requests).filter((path) => path.startsWith('POST'));
  return { kept, sent, writes, after: after! };
}

describe('share links made or revoked offline are kept and sent once (issue 25)', () => {
  it('a link asked offline is kept under its cart’s name; back, the cart’s links are read and it is made once', () => {
    const { kept, sent, writes, after } = keptThenBack(shareOfOther, (request) =>
      request.path.endsWith('/listShares') ? [] : { uuid: 'u-2' },
    );
    expect(kept.map((entry) => entry.label)).toEqual([
      { key: 'outbox.carts.share', values: { name: 'Other' } },
    ]);
    expect(sent).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
    ]);
    expect(writes).toEqual(['POST /wedia/cart/shareCart/5', 'POST /wedia/cart/shareCart/5']);
    expect(after.carts.shareDialog['5']?.created?.uuid).toBe('u-2');
    expect(selectOutboxEntries(after)).toEqual([]);
  });

  it('a link whose answer was lost is found among the cart’s links made since: not made a second time', () => {
    const { sent, writes, after } = keptThenBack(shareOfOther, () => [listedLink({})]);
    expect(sent).toEqual(['outbox/connectivityChanged', 'outbox/resendStarted', 'outbox/alreadySaved']);
    expect(writes).toEqual(['POST /wedia/cart/shareCart/5']);
    expect(after.carts.shareDialog['5']?.created).toMatchObject({
      uuid: 'u-1',
      url: 'http://portal/shared/u-1',
    });
  });

  it('a link asked with a password and found by the read is said to have one (its password went with the lost answer); one without is not taken for it', () => {
    const withPassword = { ...shareOfOther, payload: { ...shareOfOther.payload, askForPassword: true } };
    const found = keptThenBack(withPassword, () => [listedLink({ hasPassword: undefined })]);
    expect(found.sent.at(-1)).toBe('outbox/alreadySaved');
    expect(found.after.carts.shareDialog['5']?.created).toMatchObject({ uuid: 'u-1', hasPassword: true });
    const other = keptThenBack(withPassword, (request) =>
      request.path.endsWith('/listShares') ? [listedLink({ hasPassword: false })] : { uuid: 'u-2' },
    );
    expect(other.sent.at(-1)).toBe('outbox/resent');
    expect(other.writes).toHaveLength(2);
  });

  it('a link of the cart made before the write, or with other words, is not taken for it', () => {
    const { sent, writes } = keptThenBack(shareOfOther, (request) =>
      request.path.endsWith('/listShares')
        ? [listedLink({ created: -70_000 }), listedLink({ uuid: 'u-3', description: 'Other words' })]
        : { uuid: 'u-2' },
    );
    expect(sent.at(-1)).toBe('outbox/resent');
    expect(writes).toHaveLength(2);
  });

  it('a server without the demo’s list of links (404) gets the link asked again, not a conflict', () => {
    const { sent, writes } = keptThenBack(shareOfOther, (request) =>
      request.path.endsWith('/listShares') ? notFound : { uuid: 'u-2' },
    );
    expect(sent).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
    ]);
    expect(writes).toHaveLength(2);
  });

  it('a link revoked offline is revoked once back (done twice, the same: no read first)', () => {
    const { kept, sent, writes } = keptThenBack(
      shareRevokeRequested({ cartId: '5', uuid: 'u-1' }),
      () => undefined,
    );
    expect(kept[0]?.label).toEqual({ key: 'outbox.carts.shareRevoke', values: { name: 'Other' } });
    expect(sent).toEqual(['outbox/connectivityChanged', 'outbox/resendStarted', 'outbox/resent']);
    expect(writes).toEqual(['POST /wedia/cart/shareCart/5', 'POST /wedia/cart/shareCart/5']);
  });
});
