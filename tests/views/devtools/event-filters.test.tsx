import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../../streams/core/event';
import { filterEvents, NO_FILTER } from '../../../src/devtools/event-filters';

const event = (type: string, seq: number): AnyEvent => ({
  type,
  payload: {},
  meta: { seq, id: `e${seq}`, at: seq, source: 'system' },
});

describe('the devtools event filters', () => {
  const log = [
    event('app/started', 1),
    event('system/outsideRead', 2),
    event('system/requestSent', 3),
    event('system/timerFired', 4),
    event('router/navigated', 5),
  ];

  it('hide the recorded timers, requests and reads unless asked: they would fill the list', () => {
    expect(filterEvents(log, NO_FILTER).map((shown) => shown.type)).toEqual([
      'app/started',
      'router/navigated',
    ]);
    expect(filterEvents(log, { ...NO_FILTER, inputs: true })).toHaveLength(5);
    expect(
      filterEvents(log, { ...NO_FILTER, inputs: true, type: 'timer' }).map((shown) => shown.type),
    ).toEqual(['system/timerFired']);
  });
});
