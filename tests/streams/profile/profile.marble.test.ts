import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { combineEpics } from '../../../streams/core/epic';
import type { HttpRequest } from '../../../streams/core/http';
import { PASSWORD_NOT_PATCHABLE } from '../../../streams/profile/api';
import { create, load, patch } from '../../../streams/profile/endpoints';
import { changeLocale, restoreVisitorLocale } from '../../../streams/profile/epics';
import {
  createRequested,
  loadRequested,
  localeChangeRequested,
  patchRequested,
} from '../../../streams/profile/events';
import type { RootState } from '../../../streams/root';
import { selectEffectiveLocale } from '../../../streams/session/selectors';
import { providerRegistered, providerSignedIn } from '../../../streams/session/events';
import { aliceKnown, visitorKnown } from '../../helpers/identities';
import { appStarted } from '../../helpers/app-started';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { answer, failure, httpError, multipartOf } from '../session/session-fixtures';

const profileEpics = combineEpics<RootState>({
  loadProfile: load.epic,
  patchProfile: patch.epic,
  createProfile: create.epic,
  changeLocale,
  restoreVisitorLocale,
});
const alice = {
  id: 1,
  login: 'alice',
  firstname: 'Alice',
  lastname: 'Martin',
  email: 'alice@example.com',
  bolang: 'en',
};

/** The profile endpoints answering the profile with the `json` part applied (protocol §4.1). */
function profileServer(request: HttpRequest<unknown>) {
  const json = multipartOf(request).json;
  const profile = { ...alice, ...(typeof json === 'string' ? JSON.parse(json) : {}) };
  const headers = request.query?.headers ? { firstname: { label: 'First name' } } : undefined;
  return answer({ resource: 'profil', response: { data: profile }, ...(headers && { headers }) });
}

function typesSeen(store: ReturnType<typeof epicStore>): string[] {
  const types: string[] = [];
  store.event$.subscribe((event) => types.push(event.type));
  return types;
}

describe('profile (protocol §4.1, §4.2)', () => {
  it("refuses locally a patch carrying a password, with exactly the spec's message", () => {
    const http = fakeHttp(profileServer);
    const store = epicStore(testDeps({ http }), profileEpics);
    const types = typesSeen(store);
    store.dispatch(patchRequested({ changes: { firstname: 'A', password: 'x' } }));
    expect(http.requests).toHaveLength(0);
    expect(types).toEqual(['profile/patchRequested', 'profile/patchRefused']);
    expect(store.getState().profile.patch).toEqual({
      status: 'error',
      error: { code: 'error.profile.password', message: PASSWORD_NOT_PATCHABLE },
    });
    expect(PASSWORD_NOT_PATCHABLE).toBe(
      "You can't update password using this endpoint. Please use changePassword",
    );
  });

  it('patches with a multipart `json` part, replaces the profile, then asks who-am-I again', () => {
    const http = fakeHttp(profileServer);
    const store = epicStore(testDeps({ http }), profileEpics);
    const types = typesSeen(store);
    store.dispatch(patchRequested({ changes: { firstname: 'Alicia' } }));
    expect(http.requests[0]).toMatchObject({
      method: 'POST',
      path: '/rest/profil/me/patch',
      query: { jsonproperty: 'json', withFacets: false },
    });
    expect(multipartOf(http.requests[0]!)).toEqual({ json: '{"firstname":"Alicia"}' });
    expect(types).toEqual(['profile/patchRequested', 'profile/patched', 'session/whoAmIRequested']);
    expect(store.getState().profile.data?.firstname).toBe('Alicia');
    expect(store.getState().profile.patch.status).toBe('loaded');
  });

  it('keeps a failed patch visible as an error', () => {
    const http = fakeHttp(() => failure(httpError(400, 'email is not an e-mail address')));
    const store = epicStore(testDeps({ http }), profileEpics);
    store.dispatch(patchRequested({ changes: { email: 'nope' } }));
    expect(store.getState().profile.patch).toMatchObject({
      status: 'error',
      error: { message: 'email is not an e-mail address' },
    });
  });

  it('asks for the schema headers only while they are not known, or when forced (protocol §23.21)', () => {
    const http = fakeHttp(profileServer);
    const store = epicStore(testDeps({ http }), profileEpics);
    store.dispatch(loadRequested({}));
    store.dispatch(loadRequested({}));
    store.dispatch(loadRequested({ force: true }));
    expect(http.requests.map((request) => request.query?.headers)).toEqual([true, undefined, true]);
    expect(http.requests[0]).toMatchObject({ method: 'GET', path: '/rest/profil/me' });
    expect(store.getState().profile).toMatchObject({
      status: 'loaded',
      data: alice,
      headers: { firstname: {} },
    });
  });

  it('skips a load asked for while one is running', () => {
    const http = fakeHttp(() => NEVER);
    const store = epicStore(testDeps({ http }), profileEpics);
    store.dispatch(loadRequested({}));
    store.dispatch(loadRequested({}));
    expect(http.requests).toHaveLength(1);
  });

  it('creates the profile with POST /rest/profil, replaces it, then asks who-am-I again', () => {
    const http = fakeHttp(profileServer);
    const store = epicStore(testDeps({ http }), profileEpics);
    const types = typesSeen(store);
    store.dispatch(createRequested({ fields: { firstname: 'A', lastname: 'B', email: 'a@b.c' } }));
    expect(http.requests[0]).toMatchObject({
      method: 'POST',
      path: '/rest/profil',
      query: { jsonproperty: 'json' },
    });
    expect(types.slice(1)).toEqual(['profile/created', 'session/whoAmIRequested']);
    expect(store.getState().profile.data?.email).toBe('a@b.c');
  });

  it("drops a user's profile when another identity is known", () => {
    const http = fakeHttp(profileServer);
    const store = epicStore(testDeps({ http }), profileEpics);
    store.dispatch(aliceKnown());
    store.dispatch(loadRequested({}));
    store.dispatch(visitorKnown());
    expect(store.getState().profile).toMatchObject({ status: 'unknown', data: null, owner: null });
  });
});

describe('locale change (protocol §4.1)', () => {
  it("a user's: the UI follows at once, bolang is patched in one request, who-am-I carries it next time", () => {
    const scheduler = marbleScheduler();
    const locales: string[] = [];
    let request: HttpRequest<unknown> | undefined;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp((sent) => {
        request = sent;
        return cold('--r|', { r: { status: 201, data: { response: { data: { ...alice, bolang: 'fr' } } } } });
      });
      const store = epicStore(testDeps({ scheduler, http }), profileEpics);
      store.state$.subscribe((state) => locales.push(selectEffectiveLocale(state)));
      hot('a-b ---- c', {
        a: aliceKnown('en'),
        b: localeChangeRequested({ locale: 'fr' }),
        c: aliceKnown('fr'),
      }).subscribe(store.dispatch);
      // who-am-I is not asked again for it (issue 12 item 16): the choice holds until it answers
      expectObservable(typesOf(store, 'session/whoAmIRequested')).toBe('');
    });
    expect(request).toMatchObject({
      method: 'POST',
      path: '/rest/profil/me/patch',
      query: { jsonproperty: 'json' },
    });
    expect(multipartOf(request!)).toEqual({ json: '{"bolang":"fr"}' });
    expect([...new Set(locales)]).toEqual(['en', 'fr']);
  });

  it("a user's failed change goes back to the profile's language and shows the error", () => {
    const http = fakeHttp(() => failure(httpError(500)));
    const store = epicStore(testDeps({ http }), profileEpics);
    store.dispatch(aliceKnown('en'));
    store.dispatch(localeChangeRequested({ locale: 'fr' }));
    expect(selectEffectiveLocale(store.getState())).toBe('en');
    expect(store.getState().profile.locale.status).toBe('error');
  });

  it("a visitor's: nothing is sent, the choice is kept in this browser and read again at start", () => {
    const http = fakeHttp(profileServer);
    const deps = testDeps({ http });
    const store = epicStore(deps, profileEpics);
    store.dispatch(appStarted({ locale: 'en' }));
    store.dispatch(visitorKnown());
    store.dispatch(localeChangeRequested({ locale: 'fr' }));
    expect(http.requests).toHaveLength(0);
    expect(selectEffectiveLocale(store.getState())).toBe('fr');
    expect(deps.storage.getItem(deps.config.visitorLocaleStorageKey)).toBe('fr');

    const reloaded = epicStore(deps, profileEpics);
    reloaded.dispatch(appStarted({ locale: 'en' }));
    reloaded.dispatch(visitorKnown());
    expect(selectEffectiveLocale(reloaded.getState())).toBe('fr');
    // a user's own language wins over the visitor's choice
    reloaded.dispatch(aliceKnown('en'));
    expect(selectEffectiveLocale(reloaded.getState() as RootState)).toBe('en');
  });

  it("a language picked while a stored session is being restored is saved as the user's, not lost to it", () => {
    const http = fakeHttp(profileServer);
    const store = epicStore(testDeps({ http }), profileEpics);
    store.dispatch(appStarted({ locale: 'en' }));
    store.dispatch(providerRegistered({ locale: 'en' }));
    store.dispatch(localeChangeRequested({ locale: 'fr' }));
    // who is asking is not known yet: nothing is sent, nothing is kept as a visitor's choice
    expect(http.requests).toHaveLength(0);
    store.dispatch(providerSignedIn({ surfer: 'user' }));
    store.dispatch(aliceKnown('en'));
    expect(http.requests.map((request) => request.path)).toEqual(['/rest/profil/me/patch']);
    expect(selectEffectiveLocale(store.getState() as RootState)).toBe('fr');
  });
});
