import { describe, expect, it } from 'vitest';
import { createStore } from '../../../streams/core/store';
import { domainLoaded } from '../../../streams/core/system-events';
import { filterChanged, listOpened } from '../../../streams/carts/events';
import { savedSearchesDomain } from '../../../streams/saved-searches/domain';
import { liveInitialState, rootEpic, rootReducer } from '../../../streams/root';
import { replayLog } from '../../../streams/recorder/replay';
import { createRecorder } from '../../../streams/recorder/recorder';
import { aliceKnown } from '../../helpers/identities';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const cartRequests = (requests: readonly { path: string }[]) =>
  requests.map(({ path }) => path).filter((path) => path.includes('/cart'));

function livePortal() {
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
    deps: testDeps({ http }),
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
});
