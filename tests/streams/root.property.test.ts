import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as app from '../../streams/app/events';
import { eventCatalogue, type UnstampedEvent } from '../../streams/core/event';
import { STATUS_ORDER } from '../../streams/core/status';
import { logHash } from '../../streams/logs/api';
import * as logs from '../../streams/logs/events';
import * as router from '../../streams/router/events';
import * as system from '../../streams/system/events';
import { initialRootState, rootReducer } from '../../streams/root';
import { emptyPayload, type PayloadGenerators, serializedError, shortText } from '../helpers/arbitraries';
import { cartsPayloads } from './carts/payloads';
import { downloadsPayloads } from './downloads/payloads';
import { notificationsPayloads } from './notifications/payloads';
import { preferencesPayloads } from './preferences/payloads';
import { profilePayloads } from './profile/payloads';
import { savedSearchesPayloads } from './saved-searches/payloads';
import { typeaheadPayloads } from './typeahead/payloads';
import { sessionPayloads } from './session/payloads';
import { aggregatesPayloads } from './aggregates/payloads';
import { cursorsPayloads } from './cursors/payloads';
import { queriesPayloads } from './queries/payloads';
import { schemasPayloads } from './schemas/payloads';
import { treesPayloads } from './trees/payloads';

const error = serializedError;
const empty = emptyPayload;
const text = shortText;
const messages = ['a', 'b', 'c'];
const levels = [0, 10, 20];
// the hashes of entries the generator can add, so that sends and drops meet real entries
const knownHash = fc.constantFrom(
  ...messages.flatMap((message) => levels.map((level) => logHash(level, message))),
);

/** A valid payload for the shell's event types; each later domain brings its own generators. */
const shellPayloads: PayloadGenerators = {
  [app.started.type]: fc.record({
    locale: fc.constantFrom('en', 'fr', 'de'),
    apiPath: fc.constantFrom('http://localhost:80', 'https://dam.test:443'),
    path: fc.constantFrom('/', '/carts', '/nowhere'),
    search: fc.constantFrom('', '?q=a'),
    applicationName: fc.option(text, { nil: null }),
    hasApplicationCredentials: fc.boolean(),
    cookieAuth: fc.boolean(),
    sessionAuth: fc.boolean(),
    settings: fc.dictionary(text, text, { maxKeys: 3 }),
  }),
  [app.infoRetried.type]: empty,
  [app.infoRequested.type]: empty,
  [app.infoLoaded.type]: fc.record({
    infos: fc.record({ appName: text, appBGUrl: fc.constantFrom('/bg.svg', 'https://x/y.jpg') }),
  }),
  [app.infoLoadFailed.type]: fc.record({ error }),
  [app.availabilityRequested.type]: empty,
  [app.availabilityChecked.type]: fc.record({
    available: fc.boolean(),
    message: fc.option(text, { nil: null }),
  }),
  [app.availabilityCheckFailed.type]: fc.record({ error }),
  [app.applicationInvalidated.type]: fc.record({ path: text }),
  [app.resetRequested.type]: empty,
  [logs.entryAdded.type]: fc.record({
    name: text,
    level: fc.constantFrom(...levels),
    message: fc.constantFrom(...messages),
  }),
  [logs.batchSent.type]: fc.record({
    entries: fc.array(fc.record({ hash: knownHash, count: fc.nat(3) }), { maxLength: 3 }),
  }),
  [logs.batchSendFailed.type]: fc.record({ error, consecutiveFailures: fc.integer({ min: 1, max: 10 }) }),
  [logs.entriesDropped.type]: fc.record({ entries: fc.nat(5), occurrences: fc.nat(10) }),
  [router.navigated.type]: fc.record({
    path: fc.constantFrom('/', '/carts', '/x'),
    search: fc.constantFrom('', '?a=1'),
    via: fc.constantFrom('link', 'replace', 'history'),
  }),
  [system.untrappedErrorCaught.type]: fc.record({
    origin: fc.constantFrom('window', 'promise', 'render'),
    error,
  }),
  [system.errorDismissed.type]: empty,
  [system.reducerFailed.type]: fc.record({ eventType: text, eventSeq: fc.nat(), error }),
  [system.epicCrashed.type]: fc.record({ epic: text, error, restarted: fc.boolean() }),
};

/** One generator per event type of the catalogue. */
const payloads: PayloadGenerators = {
  ...shellPayloads,
  ...schemasPayloads,
  ...queriesPayloads,
  ...cursorsPayloads,
  ...treesPayloads,
  ...aggregatesPayloads,
  ...sessionPayloads,
  ...downloadsPayloads,
  ...cartsPayloads,
  ...preferencesPayloads,
  ...profilePayloads,
  ...notificationsPayloads,
  ...typeaheadPayloads,
  ...savedSearchesPayloads,
};

/** Protocol §2.1: the client order, plus the vocabularies of downloads and the application provider. */
const KNOWN_STATUSES = [...STATUS_ORDER, 'downloaded', 'pending', 'signed-in', 'connected', 'disconnected'];

const anyEvent: fc.Arbitrary<UnstampedEvent> = fc
  .constantFrom(...Object.keys(payloads))
  .chain((type) => payloads[type]!.map((payload) => eventCatalogue().get(type)!(payload)));

function statusesIn(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) statusesIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      // a number under `status` is an error's HTTP status, not a state
      if (key === 'status') {
        if (typeof inner === 'string') found.push(inner);
      } else statusesIn(inner, found);
    }
  }
  return found;
}

describe('root reducer (property)', () => {
  it('has a payload generator for every event type of the catalogue', () => {
    expect(Object.keys(payloads).sort()).toEqual([...eventCatalogue().keys()].sort());
  });

  it('never throws on any sequence of valid events, and every status stays one of the order (seed 000 §4)', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 60 }), (events) => {
        let state = initialRootState;
        events.forEach((event, index) => {
          state = rootReducer(state, {
            ...event,
            meta: { ...event.meta, seq: index + 1, id: `e${index + 1}`, at: index * 10 },
          });
        });
        for (const status of statusesIn(state)) expect(KNOWN_STATUSES).toContain(status);
      }),
      { numRuns: 300 },
    );
  });
});
