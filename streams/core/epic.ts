import { catchError, concat, defer, merge, type Observable, of } from 'rxjs';
import type { Deps } from './deps';
import { serializeError } from './errors';
import type { AnyEvent, UnstampedEvent } from './event';
import { ownedDeps } from './recorded-inputs';
import { epicCrashed } from './system-events';

/** `state$` always has a current value, like redux-observable's StateObservable. */
export type StateObservable<S> = Observable<S> & { readonly value: S };

/** The redux-observable contract without redux: events in, new events out. */
export type Epic<S = unknown> = (
  event$: Observable<AnyEvent>,
  state$: StateObservable<S>,
  deps: Deps,
) => Observable<UnstampedEvent>;

/**
 * Runs one epic so that its crash becomes `system/epicCrashed` and the epic is started again,
 * without touching its siblings. The restarts are bounded so that an epic that crashes on
 * subscription cannot loop forever.
 */
function isolated<S>(
  name: string,
  epic: Epic<S>,
  event$: Observable<AnyEvent>,
  state$: StateObservable<S>,
  deps: Deps,
) {
  let restarts = 0;
  // its timers are named after it (`system/timerFired`)
  const own = ownedDeps(deps, name);
  const start = (): Observable<UnstampedEvent> =>
    defer(() => epic(event$, state$, own)).pipe(
      catchError((thrown: unknown) => {
        const restarted = restarts < deps.config.epicMaxRestarts;
        restarts += 1;
        const crashed = epicCrashed({ epic: name, error: serializeError(thrown), restarted });
        return restarted ? concat(of(crashed), start()) : of(crashed);
      }),
    );
  return start();
}

/**
 * Runs epics side by side, each isolated under its name (`carts/loadList`): the name is what
 * `system/epicCrashed` and the devtools show, so it must be unique.
 */
export function combineEpics<S>(epics: Readonly<Record<string, Epic<S>>>): Epic<S> {
  const entries = Object.entries(epics);
  return (event$, state$, deps) =>
    merge(...entries.map(([name, epic]) => isolated(name, epic, event$, state$, deps)));
}

/** The epics of whole domains (their manifests), each named `<domain>/<epic>`. */
export function domainEpics<S>(
  ...domains: ReadonlyArray<{ name: string; epics: Readonly<Record<string, Epic<S>>> }>
): Epic<S> {
  return combineEpics(
    Object.fromEntries(
      domains.flatMap(({ name, epics }) =>
        Object.entries(epics).map(([epicName, epic]) => [`${name}/${epicName}`, epic] as const),
      ),
    ),
  );
}
