import { HttpResponse, http as mock } from 'msw';
import { setupServer } from 'msw/node';
import { asyncScheduler, filter, firstValueFrom, timeout } from 'rxjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applicationInvalidated } from '../../../streams/app/events';
import { reportApplicationInvalid } from '../../../streams/app/epics';
import { combineEpics, domainEpics } from '../../../streams/core/epic';
import { createHttp } from '../../../streams/core/http';
import { createStore, type Store } from '../../../streams/core/store';
import { initialRootState, type RootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { SIGN_OUT_REFUSED } from '../../../streams/session/api';
import { sessionDomain } from '../../../streams/session/domain';
import { passwordChangeRequested, signInRequested, signOutRequested } from '../../../streams/session/events';
import { selectIsUser, selectSurferType } from '../../../streams/session/selectors';
import { selectIsWatermarked } from '../../../streams/session/identity-selectors';
import { handlers } from '../../../mocks/handlers/index';
import { reset } from '../../../mocks/runtime';
import { appStarted } from '../../helpers/app-started';
import { until } from '../../helpers/demo-portal';
import { testDeps } from '../../helpers/test-deps';
import { demoVault } from '../../streams/session/session-fixtures';

const API_PATH = 'http://dam.test:80';
const server = setupServer(...handlers);

/** What the client sent: path and the fields of a multipart body (files by name). */
interface Sent {
  path: string;
  authorization: string | null;
  fields: Record<string, string>;
}
let sent: Sent[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  reset();
  sent = [];
});

/** The session's real epics and reducers over real HTTP to the demo handlers. */
function startPortal(): Store<RootState> {
  const vault = demoVault();
  vault.connection.apiPath = API_PATH;
  const http = createHttp(vault, async (input, init) => {
    const fields: Record<string, string> = {};
    if (init.body instanceof FormData) for (const [key, value] of init.body) fields[key] = String(value);
    const headers = new Headers(init.headers);
    sent.push({
      path: new URL(input).pathname.replace('/api', ''),
      authorization: headers.get('authorization'),
      fields,
    });
    return fetch(input, init);
  });
  const store = createStore({
    reducer: rootReducer,
    rootEpic: combineEpics<RootState>({
      session: domainEpics<RootState>(sessionDomain),
      reportApplicationInvalid,
    }),
    deps: testDeps({ scheduler: asyncScheduler, http, session: vault }),
    initialState: initialRootState,
  });
  store.dispatch(appStarted({ apiPath: API_PATH }));
  return store;
}

describe('session client against the demo server (protocol §3)', () => {
  it('signs the application in with its multipart fields, then who-am-I says application', async () => {
    const store = startPortal();
    const state = await until(store, (s) => s.session.whoAmI.status === 'loaded');
    expect(sent[0]).toEqual({
      path: '/rest/signin',
      authorization: null,
      fields: { application: 'wedia-demo', login: 'demo-key', password: 'demo-secret' },
    });
    expect(selectSurferType(state)).toBe('application');
    expect(sent.find((request) => request.path === '/json/whoami')?.authorization).toMatch(/^Bearer .+/);
    store.destroy();
  });

  it('signs a user in with login, password and cookieauth=false; carol is watermarked', async () => {
    const store = startPortal();
    await until(store, (s) => s.session.provider.status === 'signed-in');
    store.dispatch(signInRequested({ login: 'carol', password: 'carol' }));
    const state = await until(store, selectIsUser);
    expect(sent.find((request) => request.fields.login === 'carol')?.fields).toEqual({
      login: 'carol',
      password: 'carol',
      cookieauth: 'false',
    });
    expect(selectIsWatermarked(state)).toBe(true);
    store.destroy();
  });

  it('keeps a 403/2 as the user error, and the password change then signs the user in', async () => {
    const store = startPortal();
    await until(store, (s) => s.session.provider.status === 'signed-in');
    store.dispatch(signInRequested({ login: 'dave', password: 'dave' }));
    const refused = await until(store, (s) => s.session.signIn.status === 'error');
    expect(refused.session.signIn.error).toMatchObject({ restCode: '403/2', status: 403 });
    store.dispatch(
      passwordChangeRequested({ login: 'dave', currentPassword: 'dave', newPassword: 'n3w-pass' }),
    );
    await until(store, selectIsUser);
    const change = sent.find((request) => request.path === '/rest/profil/me/patch');
    expect(change?.fields).toEqual({ login: 'dave', password: 'dave', json: '{"password":"n3w-pass"}' });
    store.destroy();
  });

  it('refuses to sign out when not signed in as a user, and sends nothing', async () => {
    const store = startPortal();
    await until(store, (s) => s.session.whoAmI.status === 'loaded');
    store.dispatch(signOutRequested({}));
    const state = await until(store, (s) => s.session.signOut.status === 'error');
    expect(state.session.signOut.error?.message).toBe(SIGN_OUT_REFUSED);
    expect(sent.some((request) => request.path === '/rest/signout')).toBe(false);
    store.destroy();
  });

  it('marks the application invalid on a 419 (protocol §2.2)', async () => {
    server.use(
      mock.get('*/api/json/whoami', () => HttpResponse.json({ error: '419', message: 'x' }, { status: 419 })),
    );
    const store = startPortal();
    const invalidated = firstValueFrom(
      store.event$.pipe(filter(applicationInvalidated.match), timeout(5000)),
    );
    expect((await invalidated).payload.path).toContain('/json/whoami');
    const state = await until(store, (s) => s.session.whoAmI.status === 'error');
    expect(state.app.validity).toBe('invalid');
    store.destroy();
  });
});
