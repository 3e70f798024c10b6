/**
 * Writes the fixture logs of tests/replay/fixtures from real events of the real domains, folded
 * by the real root reducer with the epics off, through the real recorder. Run it again after a
 * change to a recorded event's payload schema:
 *   npx tsx tests/replay/make-fixtures.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as app from '../../streams/app/events';
import type { UnstampedEvent } from '../../streams/core/event';
import { newLogEntry } from '../../streams/logs/api';
import * as logs from '../../streams/logs/events';
import { createRecorder, type RecorderOptions } from '../../streams/recorder/recorder';
import { serializeLog } from '../../streams/recorder/log-file';
import type { RootState } from '../../streams/root';
import * as router from '../../streams/router/events';
import * as system from '../../streams/system/events';
import { testDeps } from '../helpers/test-deps';
import { rootStoreWithoutEpics } from '../helpers/store-without-epics';
import { RECORDED_SESSIONS, recordedText } from './recorded-sessions';

const STARTED_AT = Date.UTC(2026, 0, 5, 9, 30);
const fixtures = new URL('./fixtures/', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Dispatches each event one second after the previous one and exports what the recorder kept. */
function record(
  events: UnstampedEvent[],
  sizes: Pick<RecorderOptions, 'capacity' | 'snapshotEvery'>,
): string {
  let now = STARTED_AT;
  const recorder = createRecorder<RootState>({ ...sizes, app: { version, commit: 'fixture' } });
  recorder.setSession({ startedAt: STARTED_AT, locale: 'fr', seed: 42 });
  const deps = { ...testDeps(), clock: { now: () => now } };
  const store = rootStoreWithoutEpics({ deps, recorder });
  for (const event of events) {
    store.dispatch(event);
    now += 1000;
  }
  return serializeLog(recorder.export());
}

/** A start whose availability check fails, with a render crash; the settings hold a secret to redact. */
const appStart: UnstampedEvent[] = [
  app.started({
    locale: 'fr',
    apiPath: '/api',
    path: '/carts',
    search: '?page=2',
    applicationName: 'portal',
    hasApplicationCredentials: true,
    cookieAuth: false,
    sessionAuth: true,
    settings: { theme: 'dark', accessToken: 'tok-must-not-survive' },
  }),
  app.infoRequested({}),
  app.availabilityRequested({}),
  app.infoLoaded({
    infos: { appName: 'DAM', baseUrl: 'https://dam.example', appLogoUrlForDarkBG: '/logo.png' },
  }),
  app.availabilityCheckFailed({
    error: { code: 'error.http.503', message: 'Service Unavailable', status: 503 },
  }),
  router.navigated({ path: '/search', search: '?q=cat', via: 'link' }),
  logs.entryAdded(newLogEntry('portal', 10, 'Request failed: https://dam.example/api?token=abc123')),
  logs.entryAdded(newLogEntry('portal', 10, 'Request failed: https://dam.example/api?token=abc123')),
  logs.batchSendFailed({
    error: { code: 'error.network', message: 'Network error' },
    consecutiveFailures: 1,
  }),
  system.untrappedErrorCaught({
    origin: 'render',
    error: { code: 'error.wedia-vue.untrapped', message: 'x is undefined' },
  }),
];

/** More log traffic than the buffer holds: the export starts from a snapshot. */
const logsWrapped: UnstampedEvent[] = [
  appStart[0]!,
  ...Array.from({ length: 30 }, (_, index) =>
    logs.entryAdded(newLogEntry('portal', 10 * (index % 2), `message ${index % 4}`)),
  ),
  logs.batchSendFailed({
    error: { code: 'error.network', message: 'Network error' },
    consecutiveFailures: 1,
  }),
  router.navigated({ path: '/carts', search: '', via: 'history' }),
];

writeFileSync(
  new URL('app-start.evlog.json', fixtures),
  record(appStart, { capacity: 100, snapshotEvery: 50 }),
);
writeFileSync(
  new URL('logs-wrapped.evlog.json', fixtures),
  record(logsWrapped, { capacity: 12, snapshotEvery: 5 }),
);

// sessions run by the real epics in virtual time: these also re-simulate without divergence
for (const [name, session] of Object.entries(RECORDED_SESSIONS)) {
  writeFileSync(new URL(name, fixtures), recordedText(session));
}
