import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { combineEpics } from '../../../streams/core/epic';
import { create, load, patch } from '../../../streams/profile/endpoints';
import { changeLocale } from '../../../streams/profile/epics';
import {
  createRequested,
  loadRequested,
  localeChangeRequested,
  patchRequested,
} from '../../../streams/profile/events';
import type { RootState } from '../../../streams/root';
import { loadWhoAmI } from '../../../streams/session/epics';
import { selectEffectiveLocale } from '../../../streams/session/selectors';
import { sessionApi } from '../mocks/session-helpers';
import { API, portalAs } from '../../helpers/demo-portal';

const epics = combineEpics<RootState>({
  loadProfile: load.epic,
  patchProfile: patch.epic,
  createProfile: create.epic,
  changeLocale,
  loadWhoAmI,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const alice = () => runtime.db.users.find((user) => user.login === 'alice')!;

describe('profile against the demo server (protocol §4)', () => {
  it('loads my profile with the schema headers the first time', async () => {
    const { store, next } = await portalAs('alice', epics);
    const answer = next('profile/loaded', 'profile/loadFailed');
    store.dispatch(loadRequested({}));
    expect((await answer).type).toBe('profile/loaded');
    expect(store.getState().profile.data).toMatchObject({ login: 'alice', firstname: alice().firstname });
    expect(store.getState().profile.headers).not.toBeNull();
  });

  it('refuses a patch carrying a password before anything is sent', async () => {
    const { store, events } = await portalAs('alice', epics);
    store.dispatch(patchRequested({ changes: { firstname: 'Mallory', password: 'stolen' } }));
    expect(events.map((event) => event.type)).toEqual(['profile/patchRequested', 'profile/patchRefused']);
    expect(store.getState().profile.patch.error?.message).toBe(
      "You can't update password using this endpoint. Please use changePassword",
    );
    expect(alice()).toMatchObject({ firstname: expect.not.stringMatching('Mallory'), password: 'alice' });
  });

  it('patches my profile, then who-am-I is asked again', async () => {
    const { store, next } = await portalAs('alice', epics);
    const whoAmI = next('session/whoAmILoaded');
    store.dispatch(patchRequested({ changes: { firstname: 'Alicia' } }));
    await whoAmI;
    expect(store.getState().profile.data?.firstname).toBe('Alicia');
    expect(alice().firstname).toBe('Alicia');
  });

  it('changes the locale through bolang in one request: the UI and lang follow, who-am-I carries it next time', async () => {
    const { store, next, vault, events } = await portalAs('alice', epics);
    const changed = next('profile/localeChanged');
    store.dispatch(localeChangeRequested({ locale: 'fr' }));
    await changed;
    expect(alice().bolang).toBe('fr');
    expect(events.map((event) => event.type)).not.toContain('session/whoAmIRequested');
    expect(selectEffectiveLocale(store.getState())).toBe('fr');
    expect(
      (await sessionApi(API).whoami({ authorization: `Bearer ${vault.userToken!.accessToken}` })).locale,
    ).toBe('fr');
  });

  it('creates (fills in) my profile with POST /rest/profil', async () => {
    const { store, next } = await portalAs('alice', epics);
    const answer = next('profile/created', 'profile/createFailed');
    store.dispatch(createRequested({ fields: { firstname: 'Al', lastname: 'Ice', email: 'al@ice.test' } }));
    expect((await answer).type).toBe('profile/created');
    expect(alice()).toMatchObject({ firstname: 'Al', lastname: 'Ice', email: 'al@ice.test' });
  });

  it('creates a profile by type with POST /rest/data/{type}: a user profile replaces mine, then who-am-I', async () => {
    const { store, next, events } = await portalAs('alice', epics);
    const whoAmI = next('session/whoAmILoaded');
    store.dispatch(
      createRequested({ type: 'user', fields: { firstname: 'Ada', lastname: 'Ice', email: 'ada@ice.test' } }),
    );
    await whoAmI;
    expect(events.find((event) => event.type === 'profile/created')?.payload).toMatchObject({ type: 'user' });
    expect(store.getState().profile.data).toMatchObject({ firstname: 'Ada' });
    expect(alice()).toMatchObject({ firstname: 'Ada', email: 'ada@ice.test' });
  });

  it('a profile type the server does not know fails visibly (404), mine untouched', async () => {
    const { store, next } = await portalAs('alice', epics);
    const answer = next('profile/created', 'profile/createFailed');
    store.dispatch(createRequested({ type: 'robot', fields: { firstname: 'R2' } }));
    expect((await answer).type).toBe('profile/createFailed');
    expect(store.getState().profile.create).toMatchObject({ status: 'error', error: { status: 404 } });
  });
});
