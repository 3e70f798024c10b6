import type { AnyEvent, EventSource } from '../../streams/core/event';

export interface EventFilter {
  domain: string;
  type: string;
  source: EventSource | '';
  /** the recorded inputs too: timers fired, requests sent and ended, outside reads */
  inputs: boolean;
}

/** What the recording adds around the domains' events: shown on demand, they would fill the list. */
const RECORDED_INPUTS = new Set([
  'system/timerFired',
  'system/requestSent',
  'system/requestReported',
  'system/requestEnded',
  'system/outsideRead',
]);

export const NO_FILTER: EventFilter = { domain: '', type: '', source: '', inputs: false };

function domainOf(type: string): string {
  const slash = type.indexOf('/');
  return slash === -1 ? type : type.slice(0, slash);
}

export function domainsOf(events: readonly AnyEvent[]): string[] {
  return [...new Set(events.map((event) => domainOf(event.type)))].sort();
}

export function filterEvents(events: readonly AnyEvent[], filter: EventFilter): readonly AnyEvent[] {
  if (!filter.domain && !filter.type && !filter.source && filter.inputs) return events;
  const type = filter.type.toLowerCase();
  return events.filter(
    (event) =>
      (filter.inputs || !RECORDED_INPUTS.has(event.type)) &&
      (!filter.domain || domainOf(event.type) === filter.domain) &&
      (!type || event.type.toLowerCase().includes(type)) &&
      (!filter.source || event.meta.source === filter.source),
  );
}
