import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { combineEpics } from '../../../streams/core/epic';
import type { HttpRequest } from '../../../streams/core/http';
import { INVALID_PARAMETER } from '../../../streams/preferences/api';
import {
  loadPortalPreferences,
  loadPreference,
  removePreference,
  savePreferences,
} from '../../../streams/preferences/epics';
import { getRequested, removeRequested, setRequested } from '../../../streams/preferences/events';
import { selectGridDensity, selectPageSize, selectPreference } from '../../../streams/preferences/selectors';
import type { RootState } from '../../../streams/root';
import { aliceKnown, bobKnown, visitorKnown } from '../../helpers/identities';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { answer, failure, httpError } from '../session/session-fixtures';

const preferenceEpics = combineEpics({
  savePreferences,
  loadPreference,
  removePreference,
  loadPortalPreferences,
});

/** `/json/userpref` answering what it stored (protocol §4.1), the value as JSON text. */
function echoServer(request: HttpRequest<unknown>) {
  const form = request.body && 'form' in request.body ? request.body.form : {};
  return answer({
    response: { data: { namespace: form.namespace, key: form.key, type: 'string', value: form.value } },
  });
}

const formOf = (request: HttpRequest<unknown>) =>
  request.body && 'form' in request.body ? request.body.form : undefined;

describe('preferences setter (protocol §4.2)', () => {
  it.each([
    [
      'an array of {key, value[, namespace]}',
      [
        { key: 'a', value: 1 },
        { key: 'b', value: { x: 2 }, namespace: 'other' },
      ],
    ],
    ['an object with exactly key and value', { key: 'a', value: 1 }],
    ['an object of key/values', { a: 1, b: { x: 2 } }],
  ])(
    'accepts %s: each entry is a form POST, the value as JSON text, in the default namespace unless given',
    (_form, input) => {
      const http = fakeHttp(echoServer);
      const store = epicStore(testDeps({ http }), preferenceEpics);
      store.dispatch(setRequested({ input }));
      const forms = http.requests.map(formOf);
      expect(
        http.requests.every((request) => request.method === 'POST' && request.path === '/json/userpref'),
      ).toBe(true);
      expect(forms[0]).toEqual({ namespace: 'vue-app', key: 'a', type: 'string', value: '1' });
      if (forms.length > 1) expect(forms[1]).toMatchObject({ key: 'b', value: '{"x":2}' });
      expect(selectPreference(store.getState(), config.defaultPreferenceNamespace, 'a')).toEqual({
        status: 'loaded',
        value: 1,
        error: null,
        justSaved: true,
      });
    },
  );

  it.each([
    ['a text', 'pageSize'],
    ['a number', 48],
    ['null', null],
    ['an empty array', []],
    ['an empty object', {}],
    ['an array entry without value', [{ key: 'a' }]],
    ['an array entry with another member', [{ key: 'a', value: 1, extra: true }]],
    ['a key that is not text', { key: 3, value: 1 }],
  ])("refuses %s with exactly 'Invalid parameter', sending nothing", (_form, input) => {
    const http = fakeHttp(echoServer);
    const store = epicStore(testDeps({ http }), preferenceEpics);
    const types: string[] = [];
    store.event$.subscribe((event) => types.push(event.type));
    store.dispatch(setRequested({ input }));
    expect(types).toEqual(['preferences/setRequested', 'preferences/setRefused']);
    expect(http.requests).toHaveLength(0);
    expect(store.getState().preferences.refusal).toBe(INVALID_PARAMETER);
    expect(INVALID_PARAMETER).toBe('Invalid parameter');
  });

  it('set: fetching, then loaded; on failure error with the value null', () => {
    const scheduler = marbleScheduler();
    const seen: Array<[string, unknown]> = [];
    scheduler.run(({ hot, cold }) => {
      const http = fakeHttp((request) =>
        formOf(request)?.key === 'bad'
          ? cold('--#', {}, httpError(500))
          : cold('--r|', {
              r: { status: 200, data: { response: { data: { value: String(formOf(request)?.value) } } } },
            }),
      );
      const store = epicStore(testDeps({ scheduler, http }), preferenceEpics);
      store.state$.subscribe((state) => {
        const good = selectPreference(state, config.defaultPreferenceNamespace, 'good');
        const bad = selectPreference(state, config.defaultPreferenceNamespace, 'bad');
        if (good || bad) seen.push([`${good?.status}/${bad?.status}`, bad?.value]);
      });
      hot('a', { a: setRequested({ input: { good: 24, bad: 48 } }) }).subscribe(store.dispatch);
    });
    expect(seen.map(([statuses]) => statuses)).toEqual([
      'fetching/fetching',
      'loaded/fetching',
      'loaded/error',
    ]);
    expect(seen.at(-1)?.[1]).toBeNull();
  });
});

describe('preferences getter (protocol §4.2)', () => {
  it.each([
    [
      'a value',
      answer({ response: { data: { namespace: 'vue-app', key: 'k', value: '{"a":1}' } } }),
      'loaded',
      { a: 1 },
    ],
    [
      'no value member',
      answer({ response: { data: { namespace: 'vue-app', key: 'k' } } }),
      'not_found',
      null,
    ],
    ['HTTP 404', failure(httpError(404)), 'not_found', null],
    ['HTTP 500', failure(httpError(500)), 'error', null],
  ])('%s gives %s', (_case, reply, status, value) => {
    const http = fakeHttp(() => reply);
    const store = epicStore(testDeps({ http }), preferenceEpics);
    store.dispatch(getRequested({ name: 'k' }));
    expect(http.requests[0]).toMatchObject({
      method: 'GET',
      path: '/json/userpref',
      query: { namespace: 'vue-app', key: 'k' },
    });
    expect(selectPreference(store.getState(), config.defaultPreferenceNamespace, 'k')).toMatchObject({
      status,
      value,
    });
  });

  it('is skipped while the preference is fetching', () => {
    const http = fakeHttp(() => NEVER);
    const store = epicStore(testDeps({ http }), preferenceEpics);
    store.dispatch(setRequested({ input: { key: 'k', value: 1 } }));
    store.dispatch(getRequested({ name: 'k' }));
    store.dispatch(getRequested({ name: 'other', namespace: 'ns' }));
    store.dispatch(getRequested({ name: 'other', namespace: 'ns' }));
    expect(
      http.requests.map((request) => `${request.method} ${JSON.stringify(request.query ?? {})}`),
    ).toEqual(['POST {}', 'GET {"namespace":"ns","key":"other"}']);
  });

  it('remove sends namespace and key in the query string, and the preference is then not_found', () => {
    const http = fakeHttp(() => answer(undefined));
    const store = epicStore(testDeps({ http }), preferenceEpics);
    store.dispatch(removeRequested({ name: 'k' }));
    expect(http.requests[0]).toMatchObject({ method: 'DELETE', query: { namespace: 'vue-app', key: 'k' } });
    expect(http.requests[0]?.body).toBeUndefined();
    expect(selectPreference(store.getState(), config.defaultPreferenceNamespace, 'k')?.status).toBe(
      'not_found',
    );
  });

  it('uses the namespace of the config', () => {
    const http = fakeHttp(() => NEVER);
    const store = epicStore(
      testDeps({ http, config: { defaultPreferenceNamespace: 'portal' } }),
      preferenceEpics,
    );
    store.dispatch(getRequested({ name: 'k' }));
    expect(http.requests[0]?.query).toEqual({ namespace: 'portal', key: 'k' });
  });
});

describe("the portal's preferences: page size and grid density", () => {
  const portalServer = (request: HttpRequest<unknown>) =>
    answer({
      response: {
        data: { key: request.query?.key, value: request.query?.key === 'pageSize' ? '48' : '"compact"' },
      },
    });

  it('are read once a user is known, again for another user, never for a visitor', () => {
    const http = fakeHttp(portalServer);
    const store = epicStore(testDeps({ http }), preferenceEpics);
    let state: RootState = store.getState();
    expect([selectPageSize(state, config.cursorDefaultMax), selectGridDensity(state)]).toEqual([
      24,
      'comfortable',
    ]);
    store.dispatch(visitorKnown());
    expect(http.requests).toHaveLength(0);
    store.dispatch(aliceKnown());
    store.dispatch(aliceKnown());
    state = store.getState();
    expect(http.requests.map((request) => request.query?.key)).toEqual([
      'pageSize',
      'gridDensity',
      'we-bookmarkedCursors',
      'we-cursor-bookmarker-v1',
    ]);
    expect([selectPageSize(state, config.cursorDefaultMax), selectGridDensity(state)]).toEqual([
      48,
      'compact',
    ]);
    store.dispatch(bobKnown());
    // the four read at start again, for bob (the cart content mode waits for a carts screen)
    expect(http.requests).toHaveLength(8);
  });

  it("drop the previous user's values when the identity changes", () => {
    const http = fakeHttp(portalServer);
    const store = epicStore(testDeps({ http }), preferenceEpics);
    store.dispatch(aliceKnown());
    http.request = () => NEVER;
    store.dispatch(visitorKnown());
    expect(selectPageSize(store.getState(), config.cursorDefaultMax)).toBe(24);
    expect(store.getState().preferences.values).toEqual({});
  });

  it('are read in the namespace configured when they were asked for, which the state keeps', () => {
    const http = fakeHttp(portalServer);
    const store = epicStore(
      testDeps({ http, config: { defaultPreferenceNamespace: 'portal' } }),
      preferenceEpics,
    );
    store.dispatch(aliceKnown());
    expect(new Set(http.requests.map((request) => request.query?.namespace))).toEqual(new Set(['portal']));
    expect(store.getState().preferences.portalNamespace).toBe('portal');
    expect(selectPageSize(store.getState(), config.cursorDefaultMax)).toBe(48);
    expect(selectGridDensity(store.getState())).toBe('compact');
  });

  it('a save that fails shows again the value the server kept, then a save that succeeds shows its own', () => {
    let saves = 0;
    const http = fakeHttp((request) => {
      if (request.method !== 'POST') return portalServer(request);
      saves += 1;
      return saves === 2 ? failure(httpError(500)) : echoServer(request);
    });
    const store = epicStore(testDeps({ http }), preferenceEpics);
    store.dispatch(aliceKnown());
    const pageSize = () => selectPageSize(store.getState(), config.cursorDefaultMax);
    expect(pageSize()).toBe(48);
    store.dispatch(setRequested({ input: { pageSize: 96 } }));
    expect(pageSize()).toBe(96);
    store.dispatch(setRequested({ input: { pageSize: 24 } }));
    // protocol §4.2: the entry is an error with the value null, the page size is the one saved
    expect(selectPreference(store.getState(), config.defaultPreferenceNamespace, 'pageSize')).toMatchObject({
      status: 'error',
      value: null,
    });
    expect(pageSize()).toBe(96);
    store.dispatch(setRequested({ input: { pageSize: 24 } }));
    expect(pageSize()).toBe(24);
    expect(selectPreference(store.getState(), config.defaultPreferenceNamespace, 'pageSize')).toEqual({
      status: 'loaded',
      value: 24,
      error: null,
      justSaved: true,
    });
  });

  it('fall back to the defaults for a value the portal does not offer', () => {
    const http = fakeHttp(() => answer({ response: { data: { value: '50' } } }));
    const store = epicStore(testDeps({ http }), preferenceEpics);
    store.dispatch(aliceKnown());
    expect(selectPageSize(store.getState(), config.cursorDefaultMax)).toBe(24);
    expect(selectGridDensity(store.getState())).toBe('comfortable');
  });

  it('a read is fetchStarted at once, then loaded when the server answers', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp(() =>
        cold('4ms r|', { r: { status: 200, data: { response: { data: { value: '96' } } } } }),
      );
      const store = epicStore(testDeps({ scheduler, http }), preferenceEpics);
      hot('a', { a: getRequested({ name: 'pageSize' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'preferences/')).toBe('(ab)c', {
        a: 'preferences/getRequested',
        b: 'preferences/fetchStarted',
        c: 'preferences/loaded',
      });
    });
  });
});
