import { WRITE_HERE } from '../../../streams/core/write-here';
import { describe, expect, it } from 'vitest';
import {
  created,
  deleted,
  draftChanged,
  draftRolledBack,
  draftSaved,
  draftSaveFailed,
  draftSaveStarted,
  draftsRestored,
  fetchFailed,
  fetchStarted,
  listed,
  loaded,
  lookupLoaded,
  lookupTyped,
  moreValuesLoaded,
  namesLoaded,
  notFound,
  patched,
  patchFailed,
  patchRequested,
  updated,
  variationsLoaded,
  variationsNotFound,
  workflowApplied,
} from '../../../streams/entities/events';
import {
  selectDraft,
  selectDraftValues,
  selectEntity,
  selectEntityRights,
  selectEntityWrite,
  selectFaces,
  selectLookup,
  selectMoreValues,
  selectNames,
  selectVariations,
} from '../../../streams/entities/selectors';
import type { RootState } from '../../../streams/root';
import { fold } from '../../helpers/marbles';

const path = 'dam/data/asset';
const boom = { code: 'error.http.500', message: 'boom', status: 500 };
const row = {
  id: 12,
  name: 'Lake',
  title: 'A lake',
  rating: 3,
  note: null,
  keywords: [
    { id: 1, name: 'water' },
    { id: 2, name: 'blue' },
  ],
  folder: { id: 7, name: 'Nature' },
  caption: { en: 'Lake', fr: 'Lac' },
};
const withRow = (): RootState => fold([loaded({ path, id: 12, data: row })]);

describe('entity fetch statuses (protocol §12.2)', () => {
  it('unknown goes resolving then loaded, with the name of the row', () => {
    const starting = fold([fetchStarted({ path, id: 12 })]);
    expect(selectEntity(starting, path, 12)?.status).toBe('resolving');
    const state = fold([loaded({ path, id: 12, data: row })], starting);
    expect(selectEntity(state, path, 12)).toMatchObject({ status: 'loaded', name: 'Lake', error: null });
    expect(selectEntity(state, path, '12')?.data).toEqual(row);
  });

  it('an entity a list returned is resolved, and its fetch goes initial', () => {
    const state = fold([listed({ path, ids: [12, 13] })]);
    expect(selectEntity(state, path, 13)?.status).toBe('resolved');
    expect(selectEntity(fold([fetchStarted({ path, id: 12 })], state), path, 12)?.status).toBe('initial');
  });

  it('a list does not take a loaded entity back to resolved', () => {
    const state = fold([listed({ path, ids: [12] })], withRow());
    expect(selectEntity(state, path, 12)?.status).toBe('loaded');
  });

  it('a loaded entity fetched again goes resolving (anything but resolved)', () => {
    const state = fold([fetchStarted({ path, id: 12 })], withRow());
    expect(selectEntity(state, path, 12)?.status).toBe('resolving');
  });

  it('not found: status not_found, no data, the name "ID #{id} NOT FOUND"', () => {
    const state = fold([fetchStarted({ path, id: 99 }), notFound({ path, id: 99 })]);
    expect(selectEntity(state, path, 99)).toMatchObject({
      status: 'not_found',
      data: null,
      name: 'ID #99 NOT FOUND',
    });
  });

  it('another failure: status error, the error kept, the name "FAILED ON ID #{id}"', () => {
    const state = fold([fetchStarted({ path, id: 5 }), fetchFailed({ path, id: 5, error: boom })]);
    expect(selectEntity(state, path, 5)).toMatchObject({
      status: 'error',
      name: 'FAILED ON ID #5',
      error: boom,
    });
  });

  it('rights come from $security: multiupdate → update, delete → delete', () => {
    const state = fold([
      loaded({
        path,
        id: 1,
        data: { id: 1, $security: { 'objectactions/multiupdate': true, 'objectactions/delete': false } },
      }),
    ]);
    expect(selectEntityRights(state, path, 1)).toEqual({ update: true, delete: false });
    expect(selectEntityRights(withRow(), path, 12)).toEqual({ update: false, delete: false });
  });
});

describe('patch status (protocol §12.2)', () => {
  it('a loaded entity goes fetching and gets loaded back on failure', () => {
    const patching = fold([patchRequested({ path, id: 12, values: { title: 'x' } })], withRow());
    expect(selectEntity(patching, path, 12)?.status).toBe('fetching');
    const failed = fold(
      [
        patchFailed({
          path,
          id: 12,
          message: 'error updating entity',
          error: boom,
          previousStatus: 'loaded',
        }),
      ],
      patching,
    );
    expect(selectEntity(failed, path, 12)?.status).toBe('loaded');
    expect(selectEntityWrite(failed, path, 12)).toMatchObject({
      operation: 'patch',
      status: 'error',
      message: 'error updating entity',
    });
  });

  it('an entity before resolved goes initial, and back to its status on failure', () => {
    const patching = fold([patchRequested({ path, id: 3, values: {} })]);
    expect(selectEntity(patching, path, 3)?.status).toBe('initial');
    const failed = fold(
      [
        patchFailed({
          path,
          id: 3,
          message: 'error updating entity',
          error: boom,
          previousStatus: 'unknown',
        }),
      ],
      patching,
    );
    expect(selectEntity(failed, path, 3)?.status).toBe('unknown');
  });

  it('a resolved entity goes fetching; the answer becomes the entity', () => {
    const state = fold([
      listed({ path, ids: [12] }),
      patchRequested({ path, id: 12, values: { title: 'B' } }),
    ]);
    expect(selectEntity(state, path, 12)?.status).toBe('fetching');
    const done = fold([patched({ path, id: 12, data: { ...row, title: 'B' } })], state);
    expect(selectEntity(done, path, 12)).toMatchObject({ status: 'loaded', data: { title: 'B' } });
  });
});

describe('writes', () => {
  it('updated and workflowApplied replace the data; deleted leaves the entity not found', () => {
    let state = fold([updated({ path, id: 12, data: { ...row, title: 'C' }, ticket: 'b1:0' })], withRow());
    expect(selectEntity(state, path, 12)?.data?.title).toBe('C');
    state = fold(
      [workflowApplied({ path, id: 12, data: { ...row, $workflow: { state: 'review' } } })],
      state,
    );
    expect(selectEntity(state, path, 12)?.data?.$workflow).toEqual({ state: 'review' });
    state = fold([deleted({ path, id: 12 })], state);
    expect(selectEntity(state, path, 12)).toMatchObject({ status: 'not_found', name: 'ID #12 NOT FOUND' });
  });

  it('a created entity is loaded; a cancelled creation (null) loads nothing', () => {
    const state = fold([
      created({ path, id: 40, data: { id: 40, name: 'New' } }),
      created({ path, id: null, data: null }),
    ]);
    expect(selectEntity(state, path, 40)?.name).toBe('New');
    expect(Object.keys(state.entities.byKey)).toEqual([`${path}|40`]);
  });
});

describe('drafts (protocol §12.2)', () => {
  const change = (changes: Record<string, unknown>, at = 1000) => draftChanged({ path, id: 12, changes, at });

  it('keeps a change only when it differs from the stored value', () => {
    const state = fold([change({ title: 'A lake', rating: 4 })], withRow());
    expect(selectDraft(state, path, 12)).toEqual({ changes: { rating: 4 }, since: 1000 });
  });

  it('a change back to the stored value drops the field, and an empty draft is no draft', () => {
    const state = fold([change({ rating: 4 }), change({ rating: 3 }, 2000)], withRow());
    expect(selectDraft(state, path, 12)).toBeNull();
  });

  it('compares null and undefined strictly', () => {
    const state = fold([change({ note: undefined, title: null, missing: null })], withRow());
    // note is null: undefined differs; title is text: null differs; missing is undefined: null differs
    expect(selectDraft(state, path, 12)?.changes).toEqual({ note: undefined, title: null, missing: null });
    expect(selectDraft(fold([change({ note: null })], withRow()), path, 12)).toBeNull();
  });

  it('compares arrays by their sets of ids (order and shape do not matter)', () => {
    expect(selectDraft(fold([change({ keywords: [2, 1] })], withRow()), path, 12)).toBeNull();
    expect(selectDraft(fold([change({ keywords: [{ id: 2 }, { id: 1 }] })], withRow()), path, 12)).toBeNull();
    expect(selectDraft(fold([change({ keywords: [1] })], withRow()), path, 12)?.changes).toEqual({
      keywords: [1],
    });
    expect(selectDraft(fold([change({ keywords: [1, 2, 3] })], withRow()), path, 12)?.changes).toEqual({
      keywords: [1, 2, 3],
    });
  });

  it('compares objects by id', () => {
    expect(
      selectDraft(fold([change({ folder: { id: 7, name: 'Other name' } })], withRow()), path, 12),
    ).toBeNull();
    expect(selectDraft(fold([change({ folder: 7 })], withRow()), path, 12)).toBeNull();
    expect(selectDraft(fold([change({ folder: { id: 8 } })], withRow()), path, 12)?.changes).toEqual({
      folder: { id: 8 },
    });
  });

  it('compares objects without an id (i18n texts) by content', () => {
    expect(
      selectDraft(fold([change({ caption: { fr: 'Lac', en: 'Lake' } })], withRow()), path, 12),
    ).toBeNull();
    expect(
      selectDraft(fold([change({ caption: { en: 'Lake', fr: 'Le lac' } })], withRow()), path, 12),
    ).not.toBeNull();
  });

  it('always keeps files', () => {
    const file = new Blob(['x'], { type: 'text/plain' });
    const state = fold(
      [change({ binary: file })],
      fold([loaded({ path, id: 12, data: { ...row, binary: file } })]),
    );
    expect(selectDraft(state, path, 12)?.changes.binary).toBe(file);
  });

  it('takes one field as field and value', () => {
    const state = fold([draftChanged({ path, id: 12, field: 'rating', value: 5, at: 7 })], withRow());
    expect(selectDraft(state, path, 12)).toEqual({ changes: { rating: 5 }, since: 7 });
  });

  it('never keeps the placeholder text', () => {
    const state = fold([change({ title: WRITE_HERE })], withRow());
    expect(selectDraft(state, path, 12)).toBeNull();
  });

  it('since is the time of the first change; later changes keep it', () => {
    const state = fold([change({ rating: 4 }, 1000), change({ title: 'B' }, 5000)], withRow());
    expect(selectDraft(state, path, 12)).toEqual({ changes: { rating: 4, title: 'B' }, since: 1000 });
    expect(selectDraftValues(state, path, 12)).toMatchObject({ rating: 4, title: 'B', name: 'Lake' });
  });

  it('a draft without a field nor changes changes nothing (the epic refuses it)', () => {
    const state = fold([draftChanged({ path, id: 12, at: 1 })], withRow());
    expect(selectDraft(state, path, 12)).toBeNull();
  });

  it('rollback clears the draft', () => {
    const state = fold([change({ rating: 4 }), draftRolledBack({ path, id: 12 })], withRow());
    expect(selectDraft(state, path, 12)).toBeNull();
  });

  it("a save's answer becomes the entity and the draft is cleared; a failure keeps the draft", () => {
    const editing = fold([change({ rating: 4 }), draftSaveStarted({ path, id: 12 })], withRow());
    expect(selectEntityWrite(editing, path, 12)).toMatchObject({ operation: 'save', status: 'fetching' });
    const failed = fold(
      [draftSaveFailed({ path, id: 12, message: 'error updating entity', error: boom })],
      editing,
    );
    expect(selectDraft(failed, path, 12)?.changes).toEqual({ rating: 4 });
    expect(selectEntityWrite(failed, path, 12)).toMatchObject({
      status: 'error',
      message: 'error updating entity',
    });
    const saved = fold([draftSaved({ path, id: 12, data: { ...row, rating: 4 } })], editing);
    expect(selectDraft(saved, path, 12)).toBeNull();
    expect(selectEntity(saved, path, 12)).toMatchObject({ status: 'loaded', data: { rating: 4 } });
  });

  it('a saved creation also keys the entity by the id the server gave', () => {
    const state = fold([
      draftChanged({ path, id: 'new-1', changes: { name: 'N' }, at: 1 }),
      draftSaved({ path, id: 'new-1', data: { id: 41, name: 'N' } }),
    ]);
    expect(selectDraft(state, path, 'new-1')).toBeNull();
    expect(selectEntity(state, path, 41)?.name).toBe('N');
  });

  it('restored drafts come back; a draft already in progress is not replaced', () => {
    const state = fold(
      [
        change({ rating: 4 }, 10),
        draftsRestored({
          drafts: [
            { path, id: 12, changes: { rating: 1 }, since: 1 },
            { path, id: 13, changes: { title: 'T' }, since: 2 },
          ],
        }),
      ],
      withRow(),
    );
    expect(selectDraft(state, path, 12)).toEqual({ changes: { rating: 4 }, since: 10 });
    expect(selectDraft(state, path, 13)).toEqual({ changes: { title: 'T' }, since: 2 });
  });
});

describe('more values, variations, faces, lookups, names', () => {
  it('more values are appended to the field and $moreChildren_{field} replaced', () => {
    const state = fold(
      [
        moreValuesLoaded({
          path,
          id: 12,
          field: 'keywords',
          values: [{ id: 3, name: 'sky' }],
          more: { count: 1, total: 3, first: 2, nextToken: null, hasMoreResults: false },
        }),
      ],
      withRow(),
    );
    expect(selectEntity(state, path, 12)?.data?.keywords).toEqual([...row.keywords, { id: 3, name: 'sky' }]);
    expect(selectMoreValues(state, path, 12, 'keywords')).toMatchObject({
      request: { status: 'loaded' },
      info: { hasMoreResults: false, total: 3 },
    });
  });

  it('values by sub land in an object even where the field held a list (found by the property test)', () => {
    const state = fold([
      updated({ path, id: 12, data: { labels: [] } }),
      moreValuesLoaded({ path, id: 12, field: 'labels', sub: 'fr', values: [{ id: 1 }], more: null }),
    ]);
    expect(selectEntity(state, path, 12)?.data?.labels).toEqual({ fr: [{ id: 1 }] });
  });

  it('variations: undefined until known, the list, [] when not found', () => {
    expect(selectVariations(fold([]), 'asset', 12)).toBeUndefined();
    const state = fold([
      variationsLoaded({
        resource: 'asset',
        id: 12,
        variations: [{ name: 'original' }, { name: 'preview' }],
      }),
      variationsNotFound({ resource: 'asset', id: 13 }),
    ]);
    expect(selectVariations(state, 'asset', 12)?.map((variation) => variation.name)).toEqual([
      'original',
      'preview',
    ]);
    expect(selectVariations(state, 'asset', 13)).toEqual([]);
  });

  it('faces are the $faces-* members of the entity', () => {
    const state = fold([
      loaded({
        path,
        id: 12,
        data: {
          id: 12,
          '$faces-2': { x: 0.5, y: 0.5, w: 0.1, h: 0.2 },
          '$faces-1': { name: 'Ann', x: 0.1, y: 0.2, w: 0.3, h: 0.4 },
          '$faces-3': 'broken',
        },
      }),
    ]);
    expect(selectFaces(state, path, 12)).toEqual([
      { key: '$faces-1', name: 'Ann', x: 0.1, y: 0.2, w: 0.3, h: 0.4 },
      { key: '$faces-2', x: 0.5, y: 0.5, w: 0.1, h: 0.2 },
    ]);
    expect(selectFaces(withRow(), path, 12)).toEqual([]);
  });

  it('a lookup keeps the candidates of its current text only, and teaches the names', () => {
    const state = fold([
      lookupTyped({ key: 'k', path: 'dam/data/keyword', text: 'wa' }),
      lookupTyped({ key: 'k', path: 'dam/data/keyword', text: 'wat' }),
      lookupLoaded({ key: 'k', text: 'wa', candidates: [{ id: 1, name: 'wave' }] }),
    ]);
    expect(selectLookup(state, 'k')).toMatchObject({ status: 'fetching', candidates: [] });
    const done = fold(
      [lookupLoaded({ key: 'k', text: 'wat', candidates: [{ id: 2, name: 'water' }] })],
      state,
    );
    expect(selectLookup(done, 'k')).toMatchObject({
      status: 'loaded',
      candidates: [{ id: 2, name: 'water' }],
    });
    expect(selectNames(done, 'dam/data/keyword')).toEqual({ 2: 'water' });
  });

  it('names of ids are kept per path', () => {
    const state = fold([
      namesLoaded({ path: 'dam/data/keyword', ids: [1, 2], names: { 1: 'water', 2: 'blue' } }),
    ]);
    expect(selectNames(state, 'dam/data/keyword')).toEqual({ 1: 'water', 2: 'blue' });
    expect(selectNames(state, 'dam/data/folder')).toEqual({});
  });
});
