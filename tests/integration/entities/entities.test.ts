import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { domainEpics } from '../../../streams/core/epic';
import type { HttpRequest } from '../../../streams/core/http';
import {
  registrationRequested,
  fetchRequested as cursorFetchRequested,
} from '../../../streams/cursors/events';
import { cursorsDomain } from '../../../streams/cursors/domain';
import { entitiesDomain } from '../../../streams/entities/domain';
import {
  createRequested,
  deleteRequested,
  draftChanged,
  draftSaveRequested,
  facesPreviewRequested,
  fetchRequested,
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
  selectDraft,
  selectEntity,
  selectEntityRights,
  selectEntityWrite,
  selectFaces,
  selectFacesPreview,
  selectLookup,
  selectMoreValues,
  selectNames,
  selectVariationDetail,
  selectVariations,
} from '../../../streams/entities/selectors';
import { queriesDomain } from '../../../streams/queries/domain';
import type { RootState } from '../../../streams/root';
import { resolveRequested } from '../../../streams/schemas/events';
import { schemasDomain } from '../../../streams/schemas/domain';
import { portalAs } from '../../helpers/demo-portal';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const ASSET = 'dam/data/asset';
const KEYWORD = 'dam/data/keyword';

/** The entities epics (with schemas, queries and cursors) against the demo handlers, as `login`. */
async function portal(login: string | null) {
  const opened = await portalAs(
    login,
    domainEpics<RootState>(entitiesDomain, schemasDomain, queriesDomain, cursorsDomain),
  );
  const sent: HttpRequest<unknown>[] = [];
  const request = opened.deps.http.request.bind(opened.deps.http);
  opened.deps.http.request = <T>(one: HttpRequest<T>) => {
    sent.push(one as HttpRequest<unknown>);
    return request(one);
  };
  return { ...opened, sent };
}

const ids = (values: unknown): unknown[] => (values as Array<{ id: unknown }>).map((value) => value.id);
const firstAsset = (test: (row: (typeof runtime.db.assets)[number]) => boolean): number => {
  const found = runtime.db.assets.find(test);
  if (!found) throw new Error('no such asset in the demo db');
  return found.id;
};

describe('entity fetch against the demo server (protocol §12.1, §12.2)', () => {
  it('loads an asset with $resource, $workflow and rights per role', async () => {
    const alice = await portal('alice');
    alice.store.dispatch(fetchRequested({ path: ASSET, id: 12 }));
    const state = await alice.until((current) => selectEntity(current, ASSET, 12)?.status === 'loaded');
    const entity = selectEntity(state, ASSET, 12);
    expect(entity?.data).toMatchObject({ id: 12, $resource: 'asset' });
    expect(entity?.data?.$workflow).toMatchObject({ state: expect.any(String), actions: expect.any(Array) });
    expect(entity?.name).toBe(runtime.db.assets.find((row) => row.id === 12)?.name);
    expect(selectEntityRights(state, ASSET, 12)).toEqual({ update: true, delete: true });
    expect(alice.sent[0]).toMatchObject({
      method: 'GET',
      path: '/rest/dam/data/asset/12',
      query: { extendPropertyFilter: 'export', withRights: true, headers: false },
    });

    const bob = await portal('bob');
    bob.store.dispatch(fetchRequested({ path: ASSET, id: 12 }));
    const bobs = await bob.until((current) => selectEntity(current, ASSET, 12)?.status === 'loaded');
    expect(selectEntityRights(bobs, ASSET, 12)).toEqual({ update: true, delete: false });

    const visitor = await portal(null);
    visitor.store.dispatch(fetchRequested({ path: ASSET, id: 12 }));
    const visitors = await visitor.until((current) => selectEntity(current, ASSET, 12)?.status === 'loaded');
    expect(selectEntityRights(visitors, ASSET, 12)).toEqual({ update: false, delete: false });
  });

  it('a missing id is not found with the placeholder name; for update asks i18n=false and withFacets', async () => {
    const { store, until, sent } = await portal('alice');
    store.dispatch(fetchRequested({ path: ASSET, id: 999_999 }));
    store.dispatch(fetchRequested({ path: ASSET, id: 12, forUpdate: true, maxchildren: 2 }));
    const state = await until(
      (current) =>
        selectEntity(current, ASSET, 999_999)?.status === 'not_found' &&
        selectEntity(current, ASSET, 12)?.status === 'loaded',
    );
    expect(selectEntity(state, ASSET, 999_999)?.name).toBe('ID #999999 NOT FOUND');
    expect(sent[1]?.query).toMatchObject({ i18n: false, withFacets: true, maxchildren: 2 });
  });

  it('rows a list returned are resolved; their fetch goes initial, then loaded', async () => {
    const { store, until, next } = await portal('alice');
    store.dispatch(registrationRequested({ name: 'entities-test', path: ASSET, max: 5 }));
    store.dispatch(cursorFetchRequested({ name: 'entities-test' }));
    const listed = await next('entities/listed');
    const id = (listed.payload as { ids: number[] }).ids[0] as number;
    expect(selectEntity(store.getState(), ASSET, id)?.status).toBe('resolved');
    store.dispatch(fetchRequested({ path: ASSET, id }));
    expect(selectEntity(store.getState(), ASSET, id)?.status).toBe('initial');
    await until((current) => selectEntity(current, ASSET, id)?.status === 'loaded');
  });
});

describe('writes against the demo server (protocol §12.1)', () => {
  it('create (default /json/create, prop_* then a fetch) and create (REST, json with a cid: file)', async () => {
    const { store, next, sent } = await portal('alice');
    store.dispatch(
      createRequested({ path: ASSET, values: { name: 'Zebrafinch', keywords: [1, 2] }, ticket: 't1' }),
    );
    const made = await next('entities/created', 'entities/createFailed');
    expect(made.type).toBe('entities/created');
    expect(made.payload).toMatchObject({ ticket: 't1', data: { name: 'Zebrafinch', $resource: 'asset' } });
    expect(ids((made.payload as { data: { keywords: unknown } }).data.keywords)).toEqual([1, 2]);
    expect(sent.map((request) => [request.method, request.path])).toEqual([
      ['POST', '/json/create/dam.data.asset.add'],
      ['GET', `/rest/dam/data/asset/${(made.payload as { id: number }).id}`],
    ]);

    const file = new File([new Uint8Array(321)], 'clip.webm', { type: 'video/webm' });
    store.dispatch(
      createRequested({ path: ASSET, values: { name: 'Night clip', binary: file }, form: 'rest' }),
    );
    const rest = await next('entities/created', 'entities/createFailed');
    expect(rest.payload).toMatchObject({
      data: { name: 'Night clip', filename: 'clip.webm', filesize: 321 },
    });
  });

  it("a refused create says 'error creating entity' with the server's error", async () => {
    const { store, next } = await portal('carol');
    store.dispatch(createRequested({ path: ASSET, values: { name: 'x' }, ticket: 'c' }));
    const failed = await next('entities/created', 'entities/createFailed');
    expect(failed.type).toBe('entities/createFailed');
    expect(failed.payload).toMatchObject({
      message: 'error creating entity',
      ticket: 'c',
      error: { status: 403 },
    });
  });

  it('update (default /json/update then a fetch), and a refusal says "error updating entity"', async () => {
    const { store, next, until } = await portal('alice');
    store.dispatch(
      updateRequested({ path: ASSET, id: 12, values: { title: 'Quetzal', keywords: [3, 4] }, ticket: 'b:0' }),
    );
    const done = await next('entities/updated', 'entities/updateFailed');
    expect(done.payload).toMatchObject({ ticket: 'b:0', data: { title: 'Quetzal' } });
    const state = await until((current) => selectEntity(current, ASSET, 12)?.data?.title === 'Quetzal');
    expect(ids(selectEntity(state, ASSET, 12)?.data?.keywords)).toEqual([3, 4]);

    store.dispatch(updateRequested({ path: ASSET, id: 12, values: { unknownfield: 'x' } }));
    const failed = await next('entities/updated', 'entities/updateFailed');
    expect(failed.payload).toMatchObject({ message: 'error updating entity', error: { status: 400 } });
  });

  it('patch (REST, $mode replace) answers the entity; a refused patch gives the status back', async () => {
    const { store, until, next } = await portal('bob');
    store.dispatch(fetchRequested({ path: ASSET, id: 12 }));
    await until((current) => selectEntity(current, ASSET, 12)?.status === 'loaded');
    store.dispatch(
      patchRequested({ path: ASSET, id: 12, values: { keywords: [7, 8], description: 'Patched' } }),
    );
    expect(selectEntity(store.getState(), ASSET, 12)?.status).toBe('fetching');
    await next('entities/patched', 'entities/patchFailed');
    expect(ids(selectEntity(store.getState(), ASSET, 12)?.data?.keywords)).toEqual([7, 8]);
    store.dispatch(patchRequested({ path: ASSET, id: 12, values: { name: 42 } }));
    const failed = await next('entities/patched', 'entities/patchFailed');
    expect(failed.payload).toMatchObject({ message: 'error updating entity', previousStatus: 'loaded' });
    expect(selectEntity(store.getState(), ASSET, 12)?.status).toBe('loaded');
  });

  it('workflow steps in both forms; delete in both forms; a refused delete says "error removing entity"', async () => {
    const id = firstAsset((row) => row.$status === 6);
    const alice = await portal('alice');
    alice.store.dispatch(workflowRequested({ path: ASSET, id, action: 'unpublish' }));
    const unpublished = await alice.next('entities/workflowApplied', 'entities/workflowFailed');
    expect(unpublished.payload).toMatchObject({ data: { $workflow: { state: 'draft' } } });
    alice.store.dispatch(workflowRequested({ path: ASSET, id, action: 'submit', form: 'rest' }));
    const submitted = await alice.next('entities/workflowApplied', 'entities/workflowFailed');
    expect(submitted.payload).toMatchObject({ data: { $workflow: { state: 'review' } } });
    alice.store.dispatch(workflowRequested({ path: ASSET, id, action: 'nothing' }));
    const refused = await alice.next('entities/workflowApplied', 'entities/workflowFailed');
    expect(refused.payload).toMatchObject({ message: 'error updating entity workflow' });

    const bob = await portal('bob');
    bob.store.dispatch(deleteRequested({ path: ASSET, id: 20 }));
    const denied = await bob.next('entities/deleted', 'entities/deleteFailed');
    expect(denied.payload).toMatchObject({ message: 'error removing entity', error: { status: 403 } });

    alice.store.dispatch(deleteRequested({ path: ASSET, id: 20 }));
    expect((await alice.next('entities/deleted', 'entities/deleteFailed')).type).toBe('entities/deleted');
    alice.store.dispatch(deleteRequested({ path: ASSET, id: 21, form: 'rest' }));
    expect((await alice.next('entities/deleted', 'entities/deleteFailed')).type).toBe('entities/deleted');
    alice.store.dispatch(fetchRequested({ path: ASSET, id: 20 }));
    await alice.until((current) => selectEntity(current, ASSET, 20)?.status === 'not_found');
  });
});

describe('drafts against the demo server (protocol §12.1 save draft, §12.2)', () => {
  it('saves the changed fields (arrays as ids), the answer becomes the entity and the draft is cleared', async () => {
    const { store, until, next, sent } = await portal('alice');
    store.dispatch(resolveRequested({ names: [ASSET] }));
    store.dispatch(fetchRequested({ path: ASSET, id: 30, forUpdate: true }));
    await until(
      (current) =>
        current.schemas.byName[ASSET]?.status === 'resolved' &&
        selectEntity(current, ASSET, 30)?.status === 'loaded',
    );
    store.dispatch(
      draftChanged({
        path: ASSET,
        id: 30,
        changes: { name: 'Draft saved', keywords: [{ id: 1 }, { id: 2 }] },
        at: 5,
      }),
    );
    expect(selectDraft(store.getState(), ASSET, 30)?.since).toBe(5);
    store.dispatch(draftSaveRequested({ path: ASSET, id: 30 }));
    const saved = await next('entities/draftSaved', 'entities/draftSaveFailed');
    expect(saved.type).toBe('entities/draftSaved');
    const request = sent.find((one) => one.override === 'PATCH');
    expect(request).toMatchObject({
      path: '/rest/dam/data/asset/30',
      query: { i18n: false, jsonproperty: 'json', withFacets: true },
    });
    expect(
      JSON.parse(String((request?.body as { multipart: { json: string } } | undefined)?.multipart.json)),
    ).toEqual({
      name: 'Draft saved',
      keywords: [1, 2],
    });
    const state = store.getState();
    expect(selectDraft(state, ASSET, 30)).toBeNull();
    expect(selectEntity(state, ASSET, 30)?.data?.name).toBe('Draft saved');
    expect(runtime.db.assets.find((row) => row.id === 30)?.name).toBe('Draft saved');
  });

  it("a new entity's draft is created with POST /rest/{path}/ (override POST)", async () => {
    const { store, until, next, sent } = await portal('alice');
    store.dispatch(resolveRequested({ names: [ASSET] }));
    await until((current) => current.schemas.byName[ASSET]?.status === 'resolved');
    store.dispatch(
      draftChanged({ path: ASSET, id: 'new', changes: { name: 'From a draft', categories: [5] }, at: 1 }),
    );
    store.dispatch(draftSaveRequested({ path: ASSET, id: 'new' }));
    const saved = await next('entities/draftSaved', 'entities/draftSaveFailed');
    expect(saved.payload).toMatchObject({ data: { name: 'From a draft' } });
    expect(sent.at(-1)).toMatchObject({ override: 'POST', path: '/rest/dam/data/asset/' });
    const newId = (saved.payload as { data: { id: number } }).data.id;
    expect(selectEntity(store.getState(), ASSET, newId)?.name).toBe('From a draft');
  });
});

describe('more values, variations, faces, lookups and names against the demo server', () => {
  it('pages a field with nextToken until the server has no more', async () => {
    const { store, until, next } = await portal('alice');
    store.dispatch(patchRequested({ path: ASSET, id: 12, values: { keywords: [1, 2, 3, 4, 5, 6, 7] } }));
    await next('entities/patched', 'entities/patchFailed');
    store.dispatch(fetchRequested({ path: ASSET, id: 12, maxchildren: 3 }));
    await until((current) => selectEntity(current, ASSET, 12)?.status === 'loaded');
    let info = selectMoreValues(store.getState(), ASSET, 12, 'keywords').info as { hasMoreResults?: boolean };
    expect(info.hasMoreResults).toBe(true);
    while (info.hasMoreResults) {
      store.dispatch(moreValuesRequested({ path: ASSET, id: 12, field: 'keywords', maxchildren: 3 }));
      await next('entities/moreValuesLoaded', 'entities/moreValuesFailed');
      info = selectMoreValues(store.getState(), ASSET, 12, 'keywords').info as { hasMoreResults?: boolean };
    }
    expect(ids(selectEntity(store.getState(), ASSET, 12)?.data?.keywords)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('variations: a bare array for an asset, not found otherwise; a variation detail', async () => {
    const { store, until } = await portal('alice');
    store.dispatch(variationsRequested({ resource: 'asset', id: 12 }));
    store.dispatch(variationsRequested({ resource: 'asset', id: 999_999 }));
    store.dispatch(variationDetailRequested({ path: ASSET, id: 12, variation: 'preview' }));
    const state = await until(
      (current) =>
        selectVariations(current, 'asset', 12) !== undefined &&
        selectVariations(current, 'asset', 999_999) !== undefined &&
        selectVariationDetail(current, ASSET, 12, 'preview')?.status !== 'fetching',
    );
    expect(selectVariations(state, 'asset', 12)?.map((variation) => variation.name)).toContain('original');
    expect(state.entities.variations['asset|999999']?.status).toBe('not_found');
    expect(selectVariationDetail(state, ASSET, 12, 'preview')?.status).toBe('loaded');
  });

  it('faces of an entity are its $faces-* members; the ?simu=true preview answers faces', async () => {
    const id = firstAsset((row) => row.assetnature.code === 'image' && row.id % 7 === 0);
    const { store, until, next, sent } = await portal('alice');
    store.dispatch(resolveRequested({ names: [ASSET] }));
    store.dispatch(fetchRequested({ path: ASSET, id }));
    await until(
      (current) =>
        current.schemas.byName[ASSET]?.status === 'resolved' &&
        selectEntity(current, ASSET, id)?.status === 'loaded',
    );
    const faces = selectFaces(store.getState(), ASSET, id);
    expect(faces.length).toBeGreaterThanOrEqual(1);
    store.dispatch(draftChanged({ path: ASSET, id, changes: { keywords: [1, 2, 3] }, at: 1 }));
    store.dispatch(facesPreviewRequested({ path: ASSET, id }));
    const answer = await next('entities/facesPreviewLoaded', 'entities/facesPreviewFailed');
    expect(answer.type).toBe('entities/facesPreviewLoaded');
    expect(sent.at(-1)).toMatchObject({ override: 'PATCH', query: { simu: true } });
    expect(selectFacesPreview(store.getState(), ASSET, id)[0]?.name).toBe(runtime.db.keywords[0]?.name);
  });

  it('a relation lookup lists at most lookupCursorMax candidates; names of ids are read in one call', async () => {
    const { store, until, deps } = await portal('alice');
    const keyword = runtime.db.keywords[0] as { id: number; name: string };
    store.dispatch(lookupTyped({ key: 'keywords', path: KEYWORD, text: keyword.name.slice(0, 2) }));
    const state = await until((current) => selectLookup(current, 'keywords').status === 'loaded');
    const { candidates } = selectLookup(state, 'keywords');
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.length).toBeLessThanOrEqual(deps.config.lookupCursorMax);
    store.dispatch(namesRequested({ path: KEYWORD, ids: [1, 2] }));
    const named = await until((current) => selectNames(current, KEYWORD)['2'] !== undefined);
    expect(selectNames(named, KEYWORD)).toMatchObject({
      1: runtime.db.keywords.find((row) => row.id === 1)?.name,
      2: runtime.db.keywords.find((row) => row.id === 2)?.name,
    });
    expect(selectEntityWrite(named, KEYWORD, 1)).toBeNull();
  });
});
