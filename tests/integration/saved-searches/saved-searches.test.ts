import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_IDS } from '../../../mocks/db/users';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { domainEpics } from '../../../streams/core/epic';
import { registrationRequested } from '../../../streams/cursors/events';
import { savedSearchesDomain } from '../../../streams/saved-searches/domain';
import {
  bookmarkRequested,
  collaboratorsAddRequested,
  deleteRequested,
  filterChanged,
  listRequested,
  privateSwitchRequested,
  renameRequested,
  revokeRequested,
  shareRequested,
  unsubscribeRequested,
} from '../../../streams/saved-searches/events';
import { NOT_BOOKMARKABLE, NOT_CONNECTED } from '../../../streams/saved-searches/messages';
import {
  selectBookmarkOf,
  selectSavedSearch,
  selectSavedSearches,
} from '../../../streams/saved-searches/selectors';
import { portalAs } from '../../helpers/demo-portal';

const epics = domainEpics(savedSearchesDomain);
const { alice, bob } = USER_IDS;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

async function signedIn(login: string | null) {
  const portal = await portalAs(login, epics);
  const loaded = portal.next('savedSearches/listLoaded', 'savedSearches/listFailed');
  portal.store.dispatch(listRequested({}));
  await loaded;
  const byName = (name: string) =>
    selectSavedSearches(portal.store.getState()).find((search) => search.name === name);
  return { ...portal, byName };
}

const searchCursor = (fields: Partial<Parameters<typeof registrationRequested>[0]> = {}) =>
  registrationRequested({ name: 'main', path: 'dam/data/asset', ...fields });

describe('saved searches against the demo server (protocol §17, seed 001 §6, §8)', () => {
  it('lists own and shared searches with isMine and isPrivatelyShared, filtered with * case-insensitively', async () => {
    const { store, byName } = await signedIn('alice');
    expect(byName('Videos')).toMatchObject({ isMine: true, isPrivatelyShared: false });
    expect(byName('Coffee pictures')).toMatchObject({ isMine: true, isPrivatelyShared: true });
    expect(byName('Tokyo and Paris')).toMatchObject({ isMine: false, isPrivatelyShared: true });
    store.dispatch(filterChanged({ text: 'COFFEE*pict' }));
    expect(selectSavedSearches(store.getState()).map(({ name }) => name)).toEqual(['Coffee pictures']);
    store.dispatch(filterChanged({ text: '*o*' }));
    expect(selectSavedSearches(store.getState()).length).toBeGreaterThan(3);
  });

  it("refuses to bookmark for a visitor ('Not connected') and a search with nothing to replay, without asking the server", async () => {
    const visitor = await portalAs(null, epics);
    visitor.store.dispatch(searchCursor({ fulltext: 'lake' }));
    const refusedVisitor = visitor.next('savedSearches/bookmarkRefused');
    visitor.store.dispatch(bookmarkRequested({ name: 'Lakes', cursorName: 'main' }));
    expect((await refusedVisitor).payload).toEqual({ message: NOT_CONNECTED });

    const { store, next, events } = await signedIn('alice');
    store.dispatch(searchCursor());
    const refused = next('savedSearches/bookmarkRefused');
    store.dispatch(bookmarkRequested({ name: 'Everything', cursorName: 'main' }));
    expect((await refused).payload).toEqual({ message: NOT_BOOKMARKABLE });
    expect(store.getState().savedSearches.notice?.message).toBe(NOT_BOOKMARKABLE);
    expect(events.some((event) => event.type === 'savedSearches/operationStarted')).toBe(false);
  });

  it('knows a search already saved (is bookmarked) and saves a new one the server then lists', async () => {
    const { store, next, byName } = await signedIn('alice');
    store.dispatch(searchCursor({ fulltext: 'mountain lake' }));
    expect(selectBookmarkOf(store.getState(), 'main')?.name).toBe('Mountains');

    const keyword = { field: 'keywords', operator: 'in', value: [3] };
    store.dispatch(
      registrationRequested({
        name: 'other',
        path: 'dam/data/asset',
        fulltext: 'harbour',
        constraints: { keywords: keyword },
      }),
    );
    const added = next('savedSearches/added', 'savedSearches/operationFailed');
    store.dispatch(bookmarkRequested({ name: 'Harbours', cursorName: 'other' }));
    expect((await added).type).toBe('savedSearches/added');
    expect(byName('Harbours')).toMatchObject({ isMine: true, isPrivatelyShared: false });
    const stored = runtime.db.savedSearches.find((search) => search.name === 'Harbours');
    expect(stored?.data).toMatchObject({
      path: 'dam/data/asset',
      cursorName: 'other',
      fulltextTokens: ['(harbour)'],
      userConstraints: { keywords: { keywords: { in: [3] } } },
    });
    expect(selectBookmarkOf(store.getState(), 'other')?.name).toBe('Harbours');
  });

  it('renames, switches private, shares, revokes (ids as strings) and deletes, each going fetching then loaded', async () => {
    const { store, next, byName } = await signedIn('alice');
    const videos = byName('Videos')!.id;

    const statuses: string[] = [];
    store.state$.subscribe((state) => statuses.push(selectSavedSearch(state, videos)?.status ?? 'gone'));
    const renamed = next('savedSearches/renamed');
    store.dispatch(renameRequested({ id: videos, name: 'All videos' }));
    await renamed;
    expect([...new Set(statuses)]).toEqual(['loaded', 'fetching']);
    expect(store.getState().savedSearches.status).toBe('loaded');
    expect(byName('All videos')?.status).toBe('loaded');

    const shared = next('savedSearches/shared');
    store.dispatch(shareRequested({ id: videos, userIds: [String(bob)] }));
    await shared;
    expect(byName('All videos')).toMatchObject({ isPrivatelyShared: true, isPrivate: false });

    const revoked = next('savedSearches/revoked');
    store.dispatch(revokeRequested({ id: videos, userIds: [String(bob)] }));
    await revoked;
    expect(byName('All videos')?.isPrivatelyShared).toBe(false);
    const stored = runtime.db.savedSearches.find((search) => String(search.id) === videos);
    expect(stored?.subscribers).toEqual([{ id: alice }]);

    const switched = next('savedSearches/privateSwitched');
    store.dispatch(privateSwitchRequested({ id: videos, isPrivate: true }));
    await switched;
    expect(byName('All videos')?.isPrivate).toBe(true);

    const reloaded = next('savedSearches/listLoaded');
    store.dispatch(
      collaboratorsAddRequested({ id: videos, collaborators: ['carol'], url: 'http://x/search' }),
    );
    await reloaded;
    expect(byName('All videos')?.subscriberIds).toContain(String(USER_IDS.carol));

    const deleted = next('savedSearches/deleted');
    store.dispatch(deleteRequested({ id: videos }));
    await deleted;
    expect(byName('All videos')).toBeUndefined();
    expect(runtime.db.savedSearches.some((search) => String(search.id) === videos)).toBe(false);
  });

  it('lets a subscriber unsubscribe: the search leaves the list, which ends loaded (protocol §23 item 13)', async () => {
    const { store, next, byName } = await signedIn('bob');
    const coffee = byName('Coffee pictures')!;
    expect(coffee.isMine).toBe(false);
    const unsubscribed = next('savedSearches/unsubscribed');
    store.dispatch(unsubscribeRequested({ id: coffee.id }));
    await unsubscribed;
    expect(byName('Coffee pictures')).toBeUndefined();
    expect(store.getState().savedSearches.status).toBe('loaded');
  });

  it("fails with the spec's text when the server refuses ('Error renaming search'), and skips an operation while one runs", async () => {
    const { store, next, byName, events } = await signedIn('alice');
    const tokyo = byName('Tokyo and Paris')!.id;
    const failed = next('savedSearches/operationFailed');
    store.dispatch(renameRequested({ id: tokyo, name: 'Mine now' }));
    store.dispatch(renameRequested({ id: tokyo, name: 'Mine again' }));
    const { payload } = (await failed) as { payload: { message: string; error: { status?: number } } };
    expect(payload.message).toBe('Error renaming search');
    expect(payload.error.status).toBe(403);
    expect(events.filter((event) => event.type === 'savedSearches/operationStarted')).toHaveLength(1);
    expect(byName('Tokyo and Paris')?.status).toBe('error');
    expect(store.getState().savedSearches.notice).toMatchObject({
      operation: 'rename',
      message: 'Error renaming search',
    });
  });

  it("a delete the server refuses fails with the spec's text ('Error deleting search') and keeps the search", async () => {
    const { store, next, byName } = await signedIn('alice');
    const tokyo = byName('Tokyo and Paris')!.id;
    const failed = next('savedSearches/operationFailed');
    store.dispatch(deleteRequested({ id: tokyo }));
    const { payload } = (await failed) as { payload: { message: string; error: { status?: number } } };
    expect(payload.message).toBe('Error deleting search');
    expect(payload.error.status).toBe(403);
    expect(byName('Tokyo and Paris')).toBeDefined();
  });

  it("a save the server refuses fails with the spec's text ('Error creating search') and adds nothing", async () => {
    const { store, next, events } = await signedIn('alice');
    store.dispatch(searchCursor({ fulltext: 'harbour' }));
    const failed = next(
      'savedSearches/operationFailed',
      'savedSearches/added',
      'savedSearches/bookmarkRefused',
    );
    store.dispatch(bookmarkRequested({ name: '   ', cursorName: 'main' }));
    const outcome = (await failed) as {
      type: string;
      payload: { message: string; error?: { status?: number } };
    };
    expect(outcome.type).toBe('savedSearches/operationFailed');
    expect(outcome.payload.message).toBe('Error creating search');
    expect(outcome.payload.error?.status).toBe(400);
    expect(events.some((event) => event.type === 'savedSearches/added')).toBe(false);
  });
});
