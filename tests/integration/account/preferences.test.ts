import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { combineEpics } from '../../../streams/core/epic';
import { loadPreference, removePreference, savePreferences } from '../../../streams/preferences/epics';
import { getRequested, removeRequested, setRequested } from '../../../streams/preferences/events';
import { config } from '../../../streams/core/config';
import { selectPreference } from '../../../streams/preferences/selectors';
import { portalAs } from '../../helpers/demo-portal';

const epics = combineEpics({ savePreferences, loadPreference, removePreference });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const alicePreferences = () => runtime.db.users.find((user) => user.login === 'alice')!.preferences;

describe('preferences against the demo server (protocol §4)', () => {
  it.each([
    [
      'an array of {key, value[, namespace]}',
      [
        { key: 'pageSize', value: 48 },
        { key: 'theme', value: { dark: true }, namespace: 'other' },
      ],
    ],
    ['an object with exactly key and value', { key: 'pageSize', value: 48 }],
    ['an object of key/values', { pageSize: 48, gridDensity: 'compact' }],
  ])('stores %s as JSON text, and reads it back parsed', async (_form, input) => {
    const { store, next } = await portalAs('alice', epics);
    const count = Array.isArray(input) ? input.length : 'key' in input ? 1 : Object.keys(input).length;
    const answers: Promise<unknown>[] = [];
    for (let index = 0; index < count; index += 1)
      answers.push(next('preferences/saved', 'preferences/saveFailed'));
    store.dispatch(setRequested({ input }));
    await Promise.all(answers);
    expect(alicePreferences()).toContainEqual({
      namespace: 'vue-app',
      key: 'pageSize',
      type: 'string',
      value: '48',
    });
    if (Array.isArray(input))
      expect(alicePreferences()).toContainEqual({
        namespace: 'other',
        key: 'theme',
        type: 'string',
        value: '{"dark":true}',
      });

    const { store: reader, next: readerNext } = await portalAs('alice', epics);
    const read = readerNext('preferences/loaded');
    reader.dispatch(getRequested({ name: 'pageSize' }));
    await read;
    expect(selectPreference(reader.getState(), config.defaultPreferenceNamespace, 'pageSize')).toEqual({
      status: 'loaded',
      value: 48,
      error: null,
    });
  });

  it("refuses any other form with 'Invalid parameter' and sends nothing", async () => {
    const { store, events } = await portalAs('alice', epics);
    store.dispatch(setRequested({ input: 'pageSize=48' }));
    expect(events.map((event) => event.type)).toEqual(['preferences/setRequested', 'preferences/setRefused']);
    expect(events[1]).toMatchObject({ error: true, payload: { message: 'Invalid parameter' } });
    expect(alicePreferences()).toEqual([]);
  });

  it('a preference never set is not_found; a removed one too', async () => {
    const { store, next } = await portalAs('alice', epics);
    const missing = next('preferences/notFound', 'preferences/loaded');
    store.dispatch(getRequested({ name: 'never' }));
    expect((await missing).type).toBe('preferences/notFound');

    const written = next('preferences/saved');
    store.dispatch(setRequested({ input: { key: 'gone', value: 1 } }));
    await written;
    const removal = next('preferences/removed');
    store.dispatch(removeRequested({ name: 'gone' }));
    await removal;
    expect(selectPreference(store.getState(), config.defaultPreferenceNamespace, 'gone')?.status).toBe(
      'not_found',
    );
    expect(alicePreferences()).toEqual([]);
  });

  it('a visitor cannot write one: the preference is in error with the value null', async () => {
    const { store, next } = await portalAs(null, epics);
    const failed = next('preferences/saveFailed', 'preferences/saved');
    store.dispatch(setRequested({ input: { key: 'pageSize', value: 96 } }));
    expect((await failed).type).toBe('preferences/saveFailed');
    expect(selectPreference(store.getState(), config.defaultPreferenceNamespace, 'pageSize')).toMatchObject({
      status: 'error',
      value: null,
    });
  });
});
