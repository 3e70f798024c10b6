import { filter, mergeMap } from 'rxjs';
import type { Deps } from './deps';
import type { Epic } from './epic';
import type { AnyEvent, UnstampedEvent } from './event';
import { domainStarted } from './system-events';

/** True for `system/domainStarted` of the named domain: its epics run from now on. */
export function isStartOf(name: string, event: AnyEvent): boolean {
  return domainStarted.match(event) && event.payload.name === name;
}

/**
 * An epic for a domain that loads with its first screen: once it starts (`system/domainStarted`),
 * the events that catch it up on what happened before, read from the state.
 */
export function catchUpOnStart<S>(
  name: string,
  catchUp: (state: S, start: AnyEvent, deps: Deps) => readonly UnstampedEvent[],
): Epic<S> {
  return (event$, state$, deps) =>
    event$.pipe(
      filter((event) => isStartOf(name, event)),
      mergeMap((event) => catchUp(state$.value, event, deps)),
    );
}
