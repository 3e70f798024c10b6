import { describe, expect, it } from 'vitest';
import { createStore } from '../../../streams/core/store';
import { domainLoaded } from '../../../streams/core/system-events';
import { filterChanged, listOpened } from '../../../streams/carts/events';
import { savedSearchesDomain } from '../../../streams/saved-searches/domain';
import { config } from '../../../streams/core/config';
import { serializeError } from '../../../streams/core/errors';
import { createPortalDomains, liveInitialState } from '../../../streams/root';
import { whoAmIFailed } from '../../../streams/session/events';
import { rootEpic, rootReducer } from '../../helpers/all-domains';
import { replayLog } from '../../../streams/recorder/replay';
import { createRecorder } from '../../../streams/recorder/recorder';
import { aliceKnown } from '../../helpers/identities';
import { fakeHttp, memoryDurable, testDeps } from '../../helpers/test-deps';

const cartRequests = (requests: readonly { path: string }[]) =>
  requests.map(({ path }) => path).filter((path) => path.includes('/cart'));

function livePortal(deps: Partial<Parameters<typeof testDeps>[0]> = {}) {
  const http = fakeHttp();
  const recorder = createRecorder({
    capacity: 100,
    snapshotEvery: 50,
    app: { version: 'test', commit: 'test' },
    initialState: liveInitialState,
  });
  const store = createStore({
    reducer: rootReducer,
    rootEpic,
    deps: testDeps({ http, ...deps }),
    initialState: liveInitialState,
    recorder,
  });
  return { store, http, recorder };
}

describe('domains that load with their first screen (streams/root.ts)', () => {
  it('a deferred domain folds nothing and runs no epic until system/domainLoaded', () => {
    const { store, http } = livePortal();
    store.dispatch(aliceKnown());
    store.dispatch(filterChanged({ text: 'sum*' }));
    store.dispatch(listOpened({}));
    expect(store.getState().carts.userId).toBeNull();
    expect(store.getState().carts.filter).toBe('');
    expect(cartRequests(http.requests)).toEqual([]);
  });

  it('once loaded, the carts catch up on the identity known before (identityAdopted) and ask for the cart profile', () => {
    const { store, http } = livePortal();
    store.dispatch(aliceKnown());
    store.dispatch(domainLoaded({ name: 'carts' }));
    const state = store.getState();
    expect(state.system.deferredDomains).not.toContain('carts');
    expect(state.carts.userId).toBe('1');
    expect(cartRequests(http.requests)).toEqual(['/wedia/cart/userProfile']);
    store.dispatch(filterChanged({ text: 'sum*' }));
    expect(store.getState().carts.filter).toBe('sum*');
  });

  it('saved searches catch up on the identity too', () => {
    const { store } = livePortal();
    store.dispatch(aliceKnown());
    store.dispatch(domainLoaded({ name: savedSearchesDomain.name }));
    expect(store.getState().savedSearches.userId).toBe('1');
  });

  it("a live session's log replays to the same state, deferred slices included", () => {
    const { store, recorder } = livePortal();
    store.dispatch(aliceKnown());
    store.dispatch(filterChanged({ text: 'ignored while deferred' }));
    store.dispatch(domainLoaded({ name: 'carts' }));
    store.dispatch(filterChanged({ text: 'kept' }));
    const log = recorder.export();
    expect(log.snapshot?.seq).toBe(0);
    const replayed = replayLog(log, rootReducer, liveInitialState);
    expect(replayed.carts).toEqual(store.getState().carts);
    expect(replayed.system.deferredDomains).toEqual(store.getState().system.deferredDomains);
  });

  it('preferences, profile and notifications, brought after who-am-I, take the identity and ask what they would have asked', async () => {
    const { store, http } = livePortal();
    store.dispatch(aliceKnown());
    for (const name of ['preferences', 'profile', 'notifications']) store.dispatch(domainLoaded({ name }));
    const state = store.getState();
    expect([state.preferences.owner, state.profile.owner, state.notifications.owner]).toEqual([
      '1',
      '1',
      '1',
    ]);
    // the unread count's poll starts on the scheduler's next turn
    await new Promise((resolve) => setTimeout(resolve, 0));
    const paths = http.requests.map(({ path }) => path);
    expect(paths).toContain('/rest/usernotif/unread');
    expect(paths.filter((path) => path.includes('userpref')).length).toBeGreaterThan(0);
  });

  it("a visitor's language kept from an earlier visit is restored once the profile's code is in", () => {
    const { store } = livePortal();
    const deps = testDeps();
    deps.storage.setItem(config.visitorLocaleStorageKey, 'fr');
    const withStorage = createStore({
      reducer: rootReducer,
      rootEpic,
      deps,
      initialState: liveInitialState,
    });
    withStorage.dispatch(domainLoaded({ name: 'profile' }));
    expect(withStorage.getState().profile.locale.visitor).toBe('fr');
    expect(store.getState().profile.locale.visitor).toBeNull();
  });

  it("the outbox, brought after who-am-I, reads back the user's kept writes", () => {
    const durable = memoryDurable(new Map([['outbox:1', []]]));
    const { store } = livePortal({ durable });
    store.dispatch(aliceKnown());
    expect(store.getState().outbox.user).toBeNull();
    store.dispatch(domainLoaded({ name: 'outbox' }));
    expect(store.getState().outbox.user).toBe('1');
  });

  it("a failure before the logs' code came is logged once it starts (seed 000 §4)", () => {
    const { store } = livePortal();
    store.dispatch(whoAmIFailed({ error: serializeError(new Error('offline')) }));
    expect(store.getState().logs.pending).toEqual([]);
    store.dispatch(domainLoaded({ name: 'logs' }));
    expect(store.getState().logs.pending.map(({ message }) => message)).toEqual([
      expect.stringContaining('session/whoAmIFailed'),
    ]);
  });
});

describe('the domains of a store (issue 23)', () => {
  it('belong to it: code one store brought is not registered in another', async () => {
    const one = createPortalDomains();
    const other = createPortalDomains();
    await one.load('carts');
    expect(one.isLoaded('carts')).toBe(true);
    expect(other.isLoaded('carts')).toBe(false);
    expect(one.epicNames()).toContain('carts/loadList');
    expect(other.epicNames()).not.toContain('carts/loadList');
    expect(one.sharedFact('carts/deleted')).toBeDefined();
    expect(other.sharedFact('carts/deleted')).toBeUndefined();
  });
});
