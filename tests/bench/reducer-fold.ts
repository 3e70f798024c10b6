import { started } from '../../streams/app/events';
import type { AnyEvent, UnstampedEvent } from '../../streams/core/event';
import { LOG_LEVELS, logHash, newLogEntry } from '../../streams/logs/api';
import { batchSent, entryAdded } from '../../streams/logs/events';
import { navigated } from '../../streams/router/events';
import { availabilityChecked, infoLoaded, infoRequested } from '../../streams/app/events';
import { initialRootState } from '../../streams/root';
import { rootReducer } from '../helpers/all-domains';
import { errorDismissed } from '../../streams/system/events';

/**
 * A realistic mix: navigation, log entries and the sends that take them, info reloads,
 * availability checks, dismissals. Every entry is sent a few events later, as in a session
 * whose log server answers.
 */
const failureMessage = (index: number) => `failure ${Math.floor(index / 7) % 5}`;

export function mixedEvents(count: number): AnyEvent[] {
  const makers: Array<(index: number) => UnstampedEvent> = [
    (index) => navigated({ path: `/page/${index % 7}`, search: index % 3 ? '' : `?q=${index}`, via: 'link' }),
    (index) => entryAdded(newLogEntry('bench', LOG_LEVELS.error, failureMessage(index))),
    (index) =>
      batchSent({ entries: [{ hash: logHash(LOG_LEVELS.error, failureMessage(index - 1)), count: 1 }] }),
    () => infoRequested({}),
    (index) => infoLoaded({ infos: { appName: `Portal ${index % 2}`, appBGUrl: '/bg.svg' } }),
    (index) => availabilityChecked({ available: index % 11 !== 0, message: null }),
    () => errorDismissed({}),
  ];
  const events: AnyEvent[] = [];
  const first = started({
    locale: 'en',
    apiPath: 'http://localhost:80',
    path: '/',
    search: '',
    applicationName: 'bench',
    hasApplicationCredentials: false,
    cookieAuth: false,
    sessionAuth: false,
    settings: {},
  });
  for (let index = 0; index < count; index += 1) {
    const event = index === 0 ? first : makers[index % makers.length]!(index);
    events.push({ ...event, meta: { ...event.meta, seq: index + 1, id: `b${index + 1}`, at: index } });
  }
  return events;
}

function foldRate(events: AnyEvent[]): number {
  const startedAt = performance.now();
  events.reduce(rootReducer, initialRootState);
  return Math.round(events.length / ((performance.now() - startedAt) / 1000));
}

/** The first pass (cold JIT, as a replay right after loading) and the median of three more. */
export function benchReducerFold(count = 100_000): {
  events: number;
  coldPerSecond: number;
  warmPerSecond: number;
} {
  const events = mixedEvents(count);
  const coldPerSecond = foldRate(events);
  const warm = [foldRate(events), foldRate(events), foldRate(events)].sort((a, b) => a - b);
  return { events: count, coldPerSecond, warmPerSecond: warm[1]! };
}
