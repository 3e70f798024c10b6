import { describe, expect, it } from 'vitest';
import { readInfos } from '../../streams/app/api';
import {
  applicationInvalidated,
  availabilityChecked,
  infoLoaded,
  infoLoadFailed,
  infoRequested,
  resetRequested,
} from '../../streams/app/events';
import { selectUnavailability } from '../../streams/app/selectors';
import { LOG_LEVELS, logHash, newLogEntry } from '../../streams/logs/api';
import { batchSendFailed, batchSent, entriesDropped, entryAdded } from '../../streams/logs/events';
import { navigated } from '../../streams/router/events';
import {
  epicCrashed,
  errorDismissed,
  reducerFailed,
  untrappedErrorCaught,
} from '../../streams/system/events';
import { initialRootState } from '../../streams/root';
import { fold } from '../helpers/marbles';
import { appStarted } from '../helpers/app-started';

const boom = { code: 'error.http.500', message: 'boom' };

describe('app reducer', () => {
  it('registers info and availability at start and takes the route from the address', () => {
    const state = fold([
      appStarted({ locale: 'fr', apiPath: 'http://dam.test:80', path: '/carts', search: '?q=1' }),
    ]);
    expect(state.app).toMatchObject({ started: true, locale: 'fr', apiPath: 'http://dam.test:80' });
    expect(state.app.info.status).toBe('registered');
    expect(state.app.availability.status).toBe('registered');
    expect(state.router).toEqual({ path: '/carts', search: '?q=1' });
  });

  it('ignores info keys containing "_" and prefixes relative URLs with baseUrl (protocol §19)', () => {
    expect(
      readInfos(
        { appName: 'A', baseUrl: 'https://cdn.test/', appLogoUrlForDarkBG: 'logo.svg', app_secret: 'x' },
        'x',
      ),
    ).toEqual({
      appName: 'A',
      baseUrl: 'https://cdn.test/',
      appLogoUrlForDarkBG: 'https://cdn.test/logo.svg',
    });
    expect(readInfos({ appBGUrl: 'https://elsewhere.test/bg.jpg' }, 'http://dam.test')).toEqual({
      appBGUrl: 'https://elsewhere.test/bg.jpg',
    });
    expect(readInfos({ appBGUrl: '/bg.svg', appName: 42 }, 'http://dam.test:80')).toEqual({
      appBGUrl: 'http://dam.test:80/bg.svg',
    });
  });

  it('keeps the error when the info fails to load', () => {
    const state = fold([
      appStarted({ locale: 'fr', apiPath: 'http://dam.test:80', path: '/carts', search: '?q=1' }),
      infoRequested({}),
      infoLoadFailed({ error: boom }),
    ]);
    expect(state.app.info).toMatchObject({ status: 'error', error: boom });
  });

  it('resolves info with the cleaned data', () => {
    const state = fold([
      appStarted({ locale: 'fr', apiPath: 'http://dam.test:80', path: '/carts', search: '?q=1' }),
      infoRequested({}),
      infoLoaded({ infos: { appName: 'Demo' } }),
    ]);
    expect(state.app.info).toEqual({ status: 'resolved', data: { appName: 'Demo' }, error: null });
  });

  it('shows the app-not-available view when unavailable or invalid, and reset clears the invalid state', () => {
    const unavailable = fold([
      appStarted({ locale: 'fr', apiPath: 'http://dam.test:80', path: '/carts', search: '?q=1' }),
      availabilityChecked({ available: false, message: 'Down' }),
    ]);
    expect(selectUnavailability(unavailable)).toEqual({ reason: 'unavailable', message: 'Down' });
    const invalid = fold([
      appStarted({ locale: 'fr', apiPath: 'http://dam.test:80', path: '/carts', search: '?q=1' }),
      applicationInvalidated({ path: '/rest/x' }),
    ]);
    expect(selectUnavailability(invalid)).toEqual({ reason: 'invalid', message: null });
    expect(selectUnavailability(fold([resetRequested({})], invalid))).toBeNull();
  });
});

describe('router reducer', () => {
  it('follows navigation and keeps its identity when the location is the same', () => {
    const state = fold([navigated({ path: '/carts', search: '', via: 'link' })]);
    expect(state.router).toEqual({ path: '/carts', search: '' });
    expect(fold([navigated({ path: '/carts', search: '', via: 'history' })], state).router).toBe(
      state.router,
    );
  });
});

describe('logs reducer', () => {
  const entry = (message: string) => entryAdded(newLogEntry('carts', LOG_LEVELS.error, message));

  it('merges identical entries: count and times (protocol §5)', () => {
    const state = fold([entry('a'), entry('b'), entry('a')]);
    expect(state.logs.pending.map(({ message, count }) => [message, count])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(state.logs.pending[0]!.hash).toBe(logHash(LOG_LEVELS.error, 'a'));
  });

  it('removes sent occurrences and resets the failure count', () => {
    const hash = logHash(LOG_LEVELS.error, 'a');
    const state = fold([
      entry('a'),
      entry('a'),
      batchSendFailed({ error: boom, consecutiveFailures: 1 }),
      batchSent({ entries: [{ hash, count: 1 }] }),
    ]);
    expect(state.logs.pending.map(({ count }) => count)).toEqual([1]);
    expect(state.logs).toMatchObject({ consecutiveFailures: 0, sentOccurrences: 1, lastError: null });
  });

  it('drops everything pending and says so in state (seed 000 §9)', () => {
    const state = fold([entry('a'), entry('b'), entry('b'), entriesDropped({ entries: 2, occurrences: 3 })]);
    expect(state.logs).toMatchObject({ pending: [], droppedOccurrences: 3, lastDroppedAt: 0 });
  });
});

describe('system reducer', () => {
  it('shows untrapped errors and reducer failures until dismissed', () => {
    const shown = fold([untrappedErrorCaught({ origin: 'render', error: boom })]);
    expect(shown.system.shownError).toMatchObject({ origin: 'render', error: boom });
    expect(fold([errorDismissed({})], shown).system.shownError).toBeNull();
    const failed = fold([reducerFailed({ eventType: 'carts/loaded', eventSeq: 3, error: boom })]);
    expect(failed.system).toMatchObject({ reducerFailures: 1, shownError: { origin: 'carts/loaded' } });
  });

  it('shows a crashed epic only when it was left stopped', () => {
    const restarted = fold([epicCrashed({ epic: 'loadInfo', error: boom, restarted: true })]);
    expect(restarted.system.shownError).toBeNull();
    const stopped = fold([epicCrashed({ epic: 'loadInfo', error: boom, restarted: false })]);
    expect(stopped.system).toMatchObject({ stoppedEpics: ['loadInfo'], shownError: { origin: 'loadInfo' } });
  });

  it('leaves the initial state frozen', () => {
    expect(Object.isFrozen(initialRootState.app.info)).toBe(true);
  });
});
