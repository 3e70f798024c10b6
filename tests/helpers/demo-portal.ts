import { filter, firstValueFrom, timeout } from 'rxjs';
import type { Epic } from '../../streams/core/epic';
import type { AnyEvent } from '../../streams/core/event';
import { createHttp } from '../../streams/core/http';
import type { Store } from '../../streams/core/store';
import { SessionVault } from '../../streams/core/session-vault';
import type { RootState } from '../../streams/root';
import { whoAmILoaded } from '../../streams/session/events';
import { epicStore } from './marbles';
import { testDeps } from './test-deps';
import { sessionApi } from '../integration/mocks/session-helpers';

export const ORIGIN = 'http://localhost';
export const API = `${ORIGIN}/api`;

/** Resolves with the first state that passes, or fails after 5 s. */
export function until(store: Store<RootState>, test: (state: RootState) => boolean): Promise<RootState> {
  return firstValueFrom(store.state$.pipe(filter(test), timeout(5000)));
}

/**
 * The real http client against the demo handlers (MSW in node), signed in as `login` (bearer
 * mode) or anonymous, running only the given epics in real time.
 * @example const { store, next } = await portalAs('alice', savePreferences);
 */
export async function portalAs(login: string | null, epic: Epic<RootState>) {
  const vault = new SessionVault();
  vault.connection = { apiPath: ORIGIN, cookieAuth: false, sessionAuth: false };
  if (login) vault.userToken = await sessionApi(API).tokensOf(login);
  const deps = testDeps({ http: createHttp(vault, (input, init) => fetch(input, init)), session: vault });
  const store = epicStore(deps, epic);
  // who the portal is, as the session domain would have told it
  const token = vault.userToken;
  const me = await sessionApi(API).whoami(token ? { authorization: `Bearer ${token.accessToken}` } : {});
  store.dispatch(whoAmILoaded({ me }));
  const events: AnyEvent[] = [];
  store.event$.subscribe((event) => events.push(event));
  /** The next event of one of these types (after the ones already seen). */
  const next = (...types: string[]) =>
    firstValueFrom(
      store.event$.pipe(
        filter((event) => types.includes(event.type)),
        timeout(5000),
      ),
    );
  return {
    store,
    deps,
    vault,
    events,
    next,
    until: (test: (state: RootState) => boolean) => until(store, test),
  };
}
