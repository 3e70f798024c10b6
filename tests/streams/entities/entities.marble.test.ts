import { produce } from 'immer';
import { NEVER, type Observable, of, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import { AppError, ERROR_CODES } from '../../../streams/core/errors';
import type { UnstampedEvent } from '../../../streams/core/event';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { entitiesDomain } from '../../../streams/entities/domain';
import {
  createRequested,
  deleteRequested,
  draftChanged,
  draftSaveRequested,
  facesPreviewRequested,
  fetchRequested,
  loaded,
  lookupCleared,
  lookupTyped,
  moreValuesRequested,
  namesRequested,
  patchRequested,
  updateRequested,
  variationDetailRequested,
  variationsRequested,
  workflowRequested,
} from '../../../streams/entities/events';
import {
  DRAFT_FIELD_UNDEFINED,
  selectDraftRefusal,
  selectEntity,
  selectEntityWrite,
  selectFacesPreview,
  selectNames,
  selectVariationDetail,
} from '../../../streams/entities/selectors';
import { initialRootState, type RootState } from '../../../streams/root';
import type { SchemaBody } from '../../../streams/schemas/selectors';
import { appStarted } from '../../helpers/app-started';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const D = config.typeaheadDebounceMs;
const path = 'dam/data/asset';
const row = { id: 12, name: 'Lake', rating: 3, keywords: [{ id: 1 }] };
const epics = domainEpics<RootState>(entitiesDomain);

type Answer = (request: HttpRequest<unknown>) => Observable<HttpResponse<unknown>>;

function multipartOf(request: HttpRequest<unknown> | undefined): Record<string, unknown> {
  const body = request?.body as { multipart?: Record<string, unknown> } | undefined;
  return body?.multipart ?? {};
}

function jsonOf(request: HttpRequest<unknown> | undefined): unknown {
  return JSON.parse(String(multipartOf(request).json));
}

/** A state whose `dam/data/asset` schema is resolved with these fields. */
function withSchema(fields: SchemaBody['fields'], from: RootState = initialRootState): RootState {
  return produce(from, (draft) => {
    draft.schemas.byName[path] = {
      name: path,
      status: 'resolved',
      error: null,
      schemas: null,
      requestedBy: null,
      body: {
        name: path,
        resource: 'asset',
        label: 'Asset',
        description: '',
        create: true,
        tree: false,
        treefield: null,
        security: {},
        fields,
      },
    };
  });
}

describe('relation lookup (issue 14, seed 002 §7)', () => {
  it(`waits ${D} ms after the last keystroke per field, then runs a temporary list of max ${config.lookupCursorMax}`, () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold, expectObservable }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return cold('-a|', {
          a: { status: 200, data: { response: { data: [{ id: 3, name: 'water' }] } } },
        });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), epics);
      const typed = (key: string, text: string) => lookupTyped({ key, path: 'dam/data/keyword', text });
      hot('a 99ms b 299ms c', {
        a: typed('kw', 'w'),
        b: typed('kw', 'wa'),
        c: typed('other', 'b'),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'entities/lookupLoaded')).toBe(`${101 + D}ms a ${499 - D}ms b`, {
        a: 'entities/lookupLoaded',
        b: 'entities/lookupLoaded',
      });
    });
    expect(http.requests.map((request) => request.query?.fulltext)).toEqual(['wa*', 'b*']);
    expect(http.requests[0]).toMatchObject({
      method: 'GET',
      path: '/rest/dam/data/keyword',
      query: { max: config.lookupCursorMax, query: { activated: true }, i18nQuery: true },
    });
  });

  it('a newer text replaces the request of an older one; a cleared field asks nothing more', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    let state: RootState | undefined;
    scheduler.run(({ hot, cold }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return cold('500ms a|', {
          a: {
            status: 200,
            data: { response: { data: [{ id: 1, name: String(request.query?.fulltext) }] } },
          },
        });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot(`a ${D + 100}ms b ${D + 100}ms c`, {
        a: lookupTyped({ key: 'kw', path: 'dam/data/keyword', text: 'wa' }),
        b: lookupTyped({ key: 'kw', path: 'dam/data/keyword', text: 'wat' }),
        c: lookupCleared({ key: 'kw' }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 3000);
    });
    expect(http.requests.map((request) => request.query?.fulltext)).toEqual(['wa*', 'wat*']);
    expect(state?.entities.lookups.kw).toBeUndefined();
  });

  it('an equality constraint goes in the query; a blank text without one asks nothing', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold, expectObservable }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return cold('a|', { a: { status: 200, data: { response: { data: [] } } } });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a b', {
        a: lookupTyped({ key: 'a', path: 'dam/data/keyword', text: ' ' }),
        b: lookupTyped({ key: 'b', path: 'dam/data/keyword', text: '', field: 'name', value: 'water' }),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'entities/lookupLoaded')).toBe(`${D}ms aa`, {
        a: 'entities/lookupLoaded',
      });
    });
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]?.query).toMatchObject({
      query: { and: [{ activated: true }, { name: { eq: 'water' } }] },
    });
    expect(http.requests[0]?.query?.fulltext).toBeUndefined();
  });
});

describe('entity fetch (protocol §12.1, §12.2)', () => {
  type Cold = (marbles: string, values?: Record<string, unknown>, error?: unknown) => Observable<unknown>;
  function run(
    answer: (request: HttpRequest<unknown>, cold: Cold) => Observable<unknown>,
    events: Record<string, ReturnType<typeof fetchRequested>>,
    marbles: string,
  ) {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    let state: RootState = initialRootState;
    scheduler.run(({ hot, cold }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return answer(request, cold as Cold);
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot(marbles, events).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 1000);
    });
    return { http, state };
  }

  it('sends only the §12.1 params (rights by default, headers false) and loads the row with $resource', () => {
    const { http, state } = run(
      (_request, cold) =>
        cold('-a|', {
          a: { status: 200, data: { resource: 'asset', response: { data: row } } },
        }),
      { a: fetchRequested({ path, id: 12 }) },
      'a',
    );
    expect(http.requests[0]).toMatchObject({ method: 'GET', path: '/rest/dam/data/asset/12' });
    expect(http.requests[0]?.query).toEqual({
      extendPropertyFilter: 'export',
      withRights: true,
      headers: false,
      props: undefined,
      withFacets: undefined,
      maxchildren: undefined,
      security: undefined,
      i18n: undefined,
    });
    expect(selectEntity(state, path, 12)).toMatchObject({
      status: 'loaded',
      data: { ...row, $resource: 'asset' },
    });
  });

  it('for update: i18n=false and withFacets=true; maxchildren and props only when set', () => {
    const { http } = run(
      (_request, cold) => cold('-a|', { a: { status: 200, data: { response: { data: row } } } }),
      { a: fetchRequested({ path, id: 12, forUpdate: true, maxchildren: 5, props: ['name', 'rating'] }) },
      'a',
    );
    expect(http.requests[0]?.query).toMatchObject({
      i18n: false,
      withFacets: true,
      maxchildren: 5,
      props: 'name,rating',
      withRights: true,
    });
  });

  it('skips a fetch while the entity is initial or fetching (one request)', () => {
    const { http } = run(
      () => NEVER,
      { a: fetchRequested({ path, id: 12 }), b: fetchRequested({ path, id: 12 }) },
      'a-b',
    );
    // the first fetch took it to resolving (not skipped by the spec): a second request replaces it
    expect(http.requests).toHaveLength(2);
    const listed = fold([
      { type: 'entities/listed', payload: { path, ids: [12] }, meta: { source: 'system' } },
    ]);
    const scheduler = marbleScheduler();
    const http2 = fakeHttp(() => NEVER);
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, http: http2 }), epics, listed);
      hot('a-b-c', {
        a: fetchRequested({ path, id: 12 }),
        b: fetchRequested({ path, id: 12 }),
        c: patchRequested({ path, id: 12, values: {} }),
      }).subscribe(store.dispatch);
    });
    // resolved → initial: the second fetch is skipped; the patch still goes
    expect(http2.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
  });

  it('404 and response.data null give not found; another failure gives error', () => {
    const { state } = run(
      (request, cold) =>
        request.path.endsWith('/1')
          ? cold('-#', {}, new AppError({ code: 'error.http.404', message: 'no', status: 404 }))
          : request.path.endsWith('/2')
            ? cold('-a|', {
                a: { status: 200, data: { response: { data: null } } },
              })
            : cold('-#', {}, new AppError({ code: 'error.http.500', message: 'down', status: 500 })),
      {
        a: fetchRequested({ path, id: 1 }),
        b: fetchRequested({ path, id: 2 }),
        c: fetchRequested({ path, id: 3 }),
      },
      'abc',
    );
    expect(selectEntity(state, path, 1)).toMatchObject({ status: 'not_found', name: 'ID #1 NOT FOUND' });
    expect(selectEntity(state, path, 2)).toMatchObject({ status: 'not_found', name: 'ID #2 NOT FOUND' });
    expect(selectEntity(state, path, 3)).toMatchObject({
      status: 'error',
      name: 'FAILED ON ID #3',
      error: { message: 'down' },
    });
  });
});

/** Runs events through every entities epic with a fake server; returns the requests and the final state. */
function drive(from: RootState, answer: Answer, events: UnstampedEvent[], deps = testDeps()) {
  const scheduler = marbleScheduler();
  const http = fakeHttp();
  let state: RootState = from;
  const types: string[] = [];
  scheduler.run(({ hot }) => {
    http.request = ((request) => {
      http.requests.push(request);
      return answer(request);
    }) as typeof http.request;
    const store = epicStore(testDeps({ scheduler, http, config: deps.config }), epics, from);
    store.event$.subscribe((event) => types.push(event.type));
    const marbles = events.map((_, index) => String.fromCharCode(97 + index)).join('-');
    hot(
      marbles,
      Object.fromEntries(events.map((event, index) => [String.fromCharCode(97 + index), event])),
    ).subscribe(store.dispatch);
    scheduler.schedule(() => {
      state = store.getState();
    }, 1000);
  });
  return { requests: http.requests, state, types };
}

const ok = (data: unknown): Observable<HttpResponse<unknown>> => of({ status: 200, data });

describe('writes (protocol §12.1, §12.2)', () => {
  const fetched = { resource: 'asset', response: { data: { ...row, rating: 5 } } };

  it('update (default): /json/update with prop_* (arrays repeated, objects as ids, dates ISO), then a fetch', () => {
    const { requests, state, types } = drive(
      fold([loaded({ path, id: 12, data: row })]),
      (request) => ok(request.method === 'GET' ? fetched : undefined),
      [
        updateRequested({
          path,
          id: 12,
          values: {
            rating: 5,
            keywords: [{ id: 1 }, 2],
            folder: { id: 7 },
            shot: new Date(Date.UTC(2026, 0, 2)),
          },
          ticket: 'b:0',
        }),
      ],
    );
    expect(requests[0]).toMatchObject({
      method: 'POST',
      override: 'PATCH',
      path: '/json/update/dam.data.asset.update/12',
    });
    expect(multipartOf(requests[0])).toEqual({
      prop_rating: 5,
      prop_keywords: [1, 2],
      prop_folder: 7,
      prop_shot: '2026-01-02T00:00:00.000Z',
    });
    expect(requests[1]).toMatchObject({ method: 'GET', path: '/rest/dam/data/asset/12' });
    expect(types).toContain('entities/updated');
    expect(selectEntity(state, path, 12)?.data?.rating).toBe(5);
    expect(selectEntityWrite(state, path, 12)).toMatchObject({ operation: 'update', status: 'loaded' });
  });

  it('update failure: "error updating entity" with the ticket', () => {
    const { state, types } = drive(
      initialRootState,
      () => throwError(() => new AppError({ code: 'error.http.403', message: 'no', status: 403 })),
      [updateRequested({ path, id: 12, values: { rating: 1 }, ticket: 't' })],
    );
    expect(types).toContain('entities/updateFailed');
    expect(selectEntityWrite(state, path, 12)).toMatchObject({
      status: 'error',
      message: 'error updating entity',
    });
  });

  it('create (default): /json/create/{dotted}.add, createdId (else updatedId[0]) then a fetch; REST form sends json', () => {
    const { requests, state } = drive(
      initialRootState,
      (request) =>
        ok(
          request.method === 'GET'
            ? { response: { data: { id: 40, name: 'New' } } }
            : request.path.startsWith('/json')
              ? { response: { updatedId: [40] } }
              : { resource: 'asset', response: { data: { id: 41, name: 'Rest' } } },
        ),
      [
        createRequested({ path, values: { name: 'New', keywords: [1, 2] } }),
        createRequested({ path, values: { id: 'x', name: 'Rest', binary: new Blob(['b']) }, form: 'rest' }),
      ],
    );
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/json/create/dam.data.asset.add' });
    expect(multipartOf(requests[0])).toEqual({ prop_name: 'New', prop_keywords: [1, 2] });
    const rest = requests.find((request) => request.path === '/rest/dam/data/asset');
    expect(jsonOf(rest)).toEqual({ name: 'Rest', binary: 'cid:binary' });
    expect(multipartOf(rest).binary).toBeInstanceOf(Blob);
    expect(selectEntity(state, path, 40)?.name).toBe('New');
    expect(selectEntity(state, path, 41)).toMatchObject({ name: 'Rest', data: { $resource: 'asset' } });
  });

  it('a cancelled creation gives null, not an error; another failure "error creating entity"', () => {
    let calls = 0;
    const { types, state } = drive(initialRootState, () => {
      calls += 1;
      return throwError(() =>
        calls === 1
          ? new AppError({ code: ERROR_CODES.canceled, message: 'The request was canceled' })
          : new AppError({ code: 'error.http.400', message: 'bad', status: 400 }),
      );
    }, [
      createRequested({ path, values: {}, ticket: 'a' }),
      createRequested({ path, values: {}, ticket: 'b' }),
    ]);
    expect(types.filter((type) => type === 'entities/created' || type === 'entities/createFailed')).toEqual([
      'entities/created',
      'entities/createFailed',
    ]);
    expect(state.entities.writes[`${path}|+`]).toMatchObject({ message: 'error creating entity' });
  });

  it('patch: /rest/{path}/{id}?jsonproperty=json, arrays as {$mode: replace, $values}, files under their keys', () => {
    const file = new Blob(['x']);
    const { requests, state } = drive(
      fold([loaded({ path, id: 12, data: row })]),
      () => ok({ response: { data: { ...row, rating: 4 } } }),
      [patchRequested({ path, id: 12, values: { rating: 4, keywords: [{ id: 1 }, 3], binary: file } })],
    );
    expect(requests[0]).toMatchObject({
      method: 'POST',
      override: 'PATCH',
      path: '/rest/dam/data/asset/12',
      query: { jsonproperty: 'json' },
    });
    expect(jsonOf(requests[0])).toEqual({
      rating: 4,
      keywords: { $mode: 'replace', $values: [1, 3] },
      binary: 'cid:binary',
    });
    expect(multipartOf(requests[0]).binary).toBe(file);
    expect(selectEntity(state, path, 12)).toMatchObject({ status: 'loaded', data: { rating: 4 } });
  });

  it('workflow (default) /json/workflow with {} then a fetch; REST form reads response.data; delete both forms', () => {
    const { requests, types } = drive(
      fold([loaded({ path, id: 12, data: row })]),
      (request) => ok(request.method === 'GET' || request.path.endsWith('/workflow') ? fetched : undefined),
      [
        workflowRequested({ path, id: 12, action: 'submit' }),
        workflowRequested({ path, id: 12, action: 'publish', form: 'rest' }),
        deleteRequested({ path, id: 12 }),
        deleteRequested({ path, id: 13, form: 'rest' }),
      ],
    );
    expect(
      requests.map((request) => [request.method, request.override, request.path, request.query]),
    ).toEqual([
      ['POST', 'PATCH', '/json/workflow/dam.data.asset.update/12', { action: 'submit' }],
      ['GET', undefined, '/rest/dam/data/asset/12', expect.anything()],
      ['POST', undefined, '/rest/dam/data/asset/12/workflow', { workflowAction: 'publish' }],
      ['DELETE', undefined, '/json/delete/dam.data.asset/12', undefined],
      ['DELETE', undefined, '/rest/dam/data/asset/13', undefined],
    ]);
    expect(requests[0]?.body).toEqual({ json: {} });
    expect(
      types.filter((type) => type === 'entities/workflowApplied' || type === 'entities/deleted'),
    ).toHaveLength(4);
  });
});

describe('drafts (protocol §12.1 save draft, §12.2)', () => {
  const fields = {
    name: {
      type: 'string',
      cud: { mandatoryCreate: true, defaultCreate: 'Untitled', mandatoryPatch: false },
    },
    rating: { type: 'number', cud: { mandatoryPatch: true, defaultPatch: 0 } },
    keywords: { type: 'array', cud: {} },
    folder: { type: 'object', cud: {} },
    binary: { type: 'file', cud: {} },
    caption: { type: 'string', cud: {} },
  };

  it('refuses an update with neither a field nor changes, in the spec words', () => {
    const { state } = drive(initialRootState, () => NEVER, [draftChanged({ path, id: 12, at: 1 })]);
    expect(selectDraftRefusal(state)).toBe(DRAFT_FIELD_UNDEFINED);
    expect(DRAFT_FIELD_UNDEFINED).toBe(
      'in updateDraft, field cannot be undefine. must be a string (field name) or an object (draft changes)',
    );
  });

  it('save sends each schema field: the draft value (ids), the patch default of mandatory ones, files as cid:f1', () => {
    const file = new Blob(['x']);
    const from = withSchema(fields, fold([loaded({ path, id: 12, data: row })]));
    const { requests, state } = drive(
      from,
      () => ok({ resource: 'asset', response: { data: { ...row, keywords: [{ id: 1 }, { id: 2 }] } } }),
      [
        draftChanged({
          path,
          id: 12,
          changes: {
            keywords: [{ id: 1 }, { id: 2 }],
            folder: { id: 7 },
            binary: file,
            caption: '[ WRITE HERE ]',
          },
          at: 5,
        }),
        draftSaveRequested({ path, id: 12 }),
      ],
    );
    expect(requests[0]).toMatchObject({
      method: 'POST',
      override: 'PATCH',
      path: '/rest/dam/data/asset/12',
      query: { i18n: false, jsonproperty: 'json', withFacets: true },
    });
    expect(jsonOf(requests[0])).toEqual({ rating: 0, keywords: [1, 2], folder: 7, binary: 'cid:f1' });
    expect(multipartOf(requests[0]).f1).toBe(file);
    expect(state.entities.drafts).toEqual({});
    expect(selectEntity(state, path, 12)?.data?.keywords).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('a draft of an entity that does not exist yet: POST /rest/{path}/ with the create defaults', () => {
    const { requests } = drive(
      withSchema(fields),
      () => ok({ response: { data: { id: 50, name: 'Untitled' } } }),
      [
        draftChanged({ path, id: 'new', changes: { caption: 'c' }, at: 1 }),
        draftSaveRequested({ path, id: 'new' }),
      ],
    );
    expect(requests[0]).toMatchObject({ override: 'POST', path: '/rest/dam/data/asset/' });
    expect(jsonOf(requests[0])).toEqual({ name: 'Untitled', caption: 'c' });
  });

  it('drafts are read from storage when the portal starts and written at each change', () => {
    const deps = testDeps();
    deps.storage.setItem(
      config.draftStorageKey,
      JSON.stringify([{ path, id: 12, changes: { rating: 1 }, since: 3 }, { broken: true }]),
    );
    const scheduler = marbleScheduler();
    let state: RootState = initialRootState;
    const storage = deps.storage;
    scheduler.run(({ hot }) => {
      const store = epicStore({ ...testDeps({ scheduler }), storage }, epics);
      hot('a-b-c', {
        a: appStarted(),
        b: draftChanged({ path, id: 13, changes: { name: 'X' }, at: 9 }),
        c: draftChanged({ path, id: 12, changes: { rating: undefined }, at: 10 }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 100);
    });
    expect(state.entities.drafts[`${path}|12`]).toBeUndefined();
    expect(JSON.parse(storage.getItem(config.draftStorageKey) ?? '[]')).toEqual([
      { path, id: 13, changes: { name: 'X' }, since: 9 },
    ]);
  });
});

describe('more values, variations, faces, names', () => {
  it('more values ask /rest/{path}/{id}/{field} after the nextToken', () => {
    const from = fold([
      loaded({
        path,
        id: 12,
        data: { ...row, $moreChildren_keywords: { nextToken: 'T1', hasMoreResults: true } },
      }),
    ]);
    const { requests, state } = drive(
      from,
      () =>
        ok({
          response: {
            data: {
              keywords: [{ id: 9 }],
              $moreChildren_keywords: { nextToken: null, hasMoreResults: false },
            },
          },
        }),
      [moreValuesRequested({ path, id: 12, field: 'keywords', maxchildren: 10 })],
    );
    expect(requests[0]).toMatchObject({
      path: '/rest/dam/data/asset/12/keywords',
      query: { nextToken: 'T1', maxchildren: 10 },
    });
    expect(selectEntity(state, path, 12)?.data?.keywords).toEqual([{ id: 1 }, { id: 9 }]);
  });

  it('variations: a bare array is loaded, anything else not found; the detail sends variations=SIZE, withRights=false', () => {
    const { requests, state } = drive(
      initialRootState,
      (request) =>
        ok(
          request.path.endsWith('/1')
            ? [{ name: 'original' }]
            : request.path.startsWith('/wedia')
              ? { error: 'no' }
              : {
                  response: {
                    data: { $asset: { variation: { name: 'preview' }, variations: [{ width: 10 }] } },
                  },
                },
        ),
      [
        variationsRequested({ resource: 'asset', id: 1 }),
        variationsRequested({ resource: 'asset', id: 2 }),
        variationDetailRequested({ path, id: 5, variation: 'preview' }),
      ],
    );
    expect(requests[0]?.path).toBe('/wedia/dam/variations/asset/1');
    expect(state.entities.variations['asset|1']?.status).toBe('loaded');
    expect(state.entities.variations['asset|2']?.status).toBe('not_found');
    expect(requests[2]?.query).toMatchObject({ variation: 'preview', variations: 'SIZE', withRights: false });
    expect(selectVariationDetail(state, path, 5, 'preview')).toMatchObject({
      detail: { name: 'preview' },
      sizes: { width: 10 },
    });
  });

  it('faces preview: POST ?simu=true, override PATCH, the updatable fields (objects as ids)', () => {
    const from = withSchema(
      {
        name: { cud: { update: true } },
        folder: { cud: { update: true } },
        locked: { cud: { update: false } },
      },
      fold([loaded({ path, id: 12, data: { id: 12, name: 'L', folder: { id: 7 }, locked: 1 } })]),
    );
    const { requests, state } = drive(
      from,
      () => ok({ response: { data: { id: 12, '$faces-1': { x: 0, y: 0, w: 0.5, h: 0.5 } } } }),
      [facesPreviewRequested({ path, id: 12 })],
    );
    expect(requests[0]).toMatchObject({
      method: 'POST',
      override: 'PATCH',
      path: '/rest/dam/data/asset/12',
      query: { simu: true },
    });
    expect(jsonOf(requests[0])).toEqual({ name: 'L', folder: 7 });
    expect(selectFacesPreview(state, path, 12)).toEqual([{ key: '$faces-1', x: 0, y: 0, w: 0.5, h: 0.5 }]);
  });

  it('names: one id-in list call for the ids not known yet', () => {
    const from = fold([
      {
        type: 'entities/namesLoaded',
        payload: { path: 'dam/data/keyword', ids: [1], names: { 1: 'water' } },
        meta: { source: 'server' },
      },
    ]);
    const { requests, state } = drive(from, () => ok({ response: { data: [{ id: 2, name: 'blue' }] } }), [
      namesRequested({ path: 'dam/data/keyword', ids: [1, 2, '2'] }),
      namesRequested({ path: 'dam/data/keyword', ids: [1] }),
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.query).toMatchObject({ query: { id: { in: [2] } }, max: 1 });
    expect(selectNames(state, 'dam/data/keyword')).toEqual({ 1: 'water', 2: 'blue' });
  });
});
