import { domainEpics } from '../../../streams/core/epic';
import { createHttp, type HttpRequest } from '../../../streams/core/http';
import { SessionVault } from '../../../streams/core/session-vault';
import { createStore, type Store } from '../../../streams/core/store';
import { aggregatesDomain } from '../../../streams/aggregates/domain';
import { cursorsDomain } from '../../../streams/cursors/domain';
import { queriesDomain } from '../../../streams/queries/domain';
import { initialRootState, type RootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { schemasDomain } from '../../../streams/schemas/domain';
import { treesDomain } from '../../../streams/trees/domain';
import { testDeps } from '../../helpers/test-deps';

const running: Array<Store<RootState>> = [];

/** Stops every store made so far, so a late request of one test never reaches the next test's listeners. */
export function destroySearchStores(): void {
  for (const store of running.splice(0)) store.destroy();
}

/**
 * The search data layer against the demo handlers: real http client, real time with short
 * waits, only the search epics. `sent` records every request the epics made.
 */
export function searchStore(): { store: Store<RootState>; sent: HttpRequest<unknown>[] } {
  const vault = new SessionVault();
  vault.connection = { apiPath: 'http://localhost:80', cookieAuth: false, sessionAuth: false };
  vault.lang = 'en';
  const real = createHttp(vault, (input, init) => fetch(input, init));
  const sent: HttpRequest<unknown>[] = [];
  const http = {
    notices$: real.notices$,
    request<T>(request: HttpRequest<T>) {
      sent.push(request as HttpRequest<unknown>);
      return real.request(request);
    },
  };
  const deps = testDeps({
    http,
    config: {
      listFetchDebounceMs: 1,
      cursorStatusDelayMs: 1,
      treeFetchDebounceMs: 1,
      treeAutoloadDelayMs: 100_000,
      aggregateDebounceMs: 1,
      missingAggregatesDebounceMs: 1,
      aggregateRegistrationDelayMs: 1,
      sortedAggregateSearchDelayMs: 1,
    },
  });
  const rootEpic = domainEpics<RootState>(
    schemasDomain,
    queriesDomain,
    cursorsDomain,
    treesDomain,
    aggregatesDomain,
  );
  const store = createStore({ reducer: rootReducer, rootEpic, deps, initialState: initialRootState });
  running.push(store);
  return { store, sent };
}
