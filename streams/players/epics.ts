import { concat, EMPTY, merge, mergeMap, type Observable, of, timer } from 'rxjs';
import { filter, map, take, takeUntil, takeWhile } from 'rxjs/operators';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import type { HttpRequest } from '../core/http';
import { ofType } from '../core/operators/of-type';
import { requestAnswer } from '../core/request';
import * as api from './api';
import {
  descriptionRequested,
  embedRequested,
  fetchFailed,
  frameClosed,
  frameDisplayed,
  frameLoaded,
  frameOpened,
  fetchStarted,
  freePlayerRequested,
  loaded,
  loadingShown,
  type MediaKind,
  playerRequested,
  scriptAwaited,
  scriptFailed,
  scriptReady,
} from './events';
import { couldNotLoad } from './messages';
import type { WithPlayers } from './selectors';

type S = WithPlayers;

/**
 * Protocol §13.2 and §1.10: a request runs only from `unknown` or `loaded` (an `error` entry
 * only when asked to retry), and a `loaded` answer younger than the cache time is used as it is.
 * The time is the scheduler's, compared with the `fetchedAt` the state keeps.
 */
function shouldAsk(state: S, key: string, cacheMs: number, now: number, retry: boolean): boolean {
  const entry = state.players.byKey[key];
  if (!entry || entry.status === 'unknown') return true;
  if (entry.status === 'fetching') return false;
  if (entry.status === 'error') return retry;
  return entry.fetchedAt === null || now - entry.fetchedAt >= cacheMs;
}

function fetchOf(
  deps: Deps,
  cause: AnyEvent,
  kind: MediaKind,
  request: HttpRequest<Record<string, unknown>>,
): Observable<UnstampedEvent> {
  const key = api.cacheKeyOf(request as HttpRequest<unknown>);
  return concat(
    of(fetchStarted({ key, kind }, cause)),
    requestAnswer(
      deps.http,
      request,
      (data) => loaded({ key, kind, data, fetchedAt: deps.scheduler.now() }, cause),
      (error) =>
        // §2.2: a media description the server does not have is null, not an error
        kind === 'description' && error.status === 404
          ? loaded({ key, kind, data: null, fetchedAt: deps.scheduler.now() }, cause)
          : fetchFailed({ key, kind, error }, cause),
    ),
  );
}

const requestOf = (
  event: AnyEvent,
): { kind: MediaKind; request: HttpRequest<Record<string, unknown>>; retry: boolean } | null => {
  if (playerRequested.match(event)) {
    const request = api.htmlPlayer(event.payload) as HttpRequest<Record<string, unknown>>;
    return { kind: 'player', request, retry: event.payload.retry ?? false };
  }
  if (embedRequested.match(event))
    return { kind: 'embed', request: api.embedPlayer(event.payload), retry: event.payload.retry ?? false };
  if (freePlayerRequested.match(event))
    return { kind: 'free', request: api.freePlayer(), retry: event.payload.retry ?? false };
  if (descriptionRequested.match(event))
    return {
      kind: 'description',
      request: api.describeMedia(event.payload.resource, event.payload.id),
      retry: event.payload.retry ?? false,
    };
  return null;
};

/** Players, embeds, the free player and media descriptions, each cached per URL. */
export const fetchMedia: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(playerRequested, embedRequested, freePlayerRequested, descriptionRequested),
    mergeMap((event) => {
      const plan = requestOf(event);
      if (!plan) return EMPTY;
      const cacheMs =
        plan.kind === 'description' ? deps.config.mediaDescriptionCacheMs : deps.config.playerCacheMs;
      const key = api.cacheKeyOf(plan.request as HttpRequest<unknown>);
      if (!shouldAsk(state$.value, key, cacheMs, deps.scheduler.now(), plan.retry)) return EMPTY;
      return fetchOf(deps, event, plan.kind, plan.request);
    }),
  );

/**
 * Protocol §13.2: a player script is awaited every `playerScriptWaitMs`, at most
 * `playerScriptWaitTries` times; there at the ask, it is ready at once. What the page holds is an
 * outside fact, read through the `scripts` port; without it (tests) nothing is checked.
 */
export const awaitScript: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(scriptAwaited),
    mergeMap((event) => {
      const scripts = deps.scripts;
      if (!scripts) return EMPTY;
      const { name } = event.payload;
      const { playerScriptWaitMs: every, playerScriptWaitTries: tries } = deps.config;
      if (scripts.isLoaded(name)) return of(scriptReady({ name }, event));
      return timer(every, every, deps.scheduler).pipe(
        map((index) => ({ attempt: index + 1, ready: scripts.isLoaded(name) })),
        takeWhile(({ attempt, ready }) => !ready && attempt < tries, true),
        filter(({ attempt, ready }) => ready || attempt >= tries),
        take(1),
        map(({ ready }) =>
          ready ? scriptReady({ name }, event) : scriptFailed({ name, message: couldNotLoad(name) }, event),
        ),
      );
    }),
  );

/** The same frame (resource and id) as an event's, closed, opened again, or loaded. */
const sameFrame =
  (of: { payload: { resource: string; id: string } }) =>
  (event: AnyEvent): boolean => {
    if (!frameClosed.match(event) && !frameOpened.match(event) && !frameLoaded.match(event)) return false;
    return event.payload.resource === of.payload.resource && event.payload.id === of.payload.id;
  };

/**
 * Protocol §13.2 delays of a player frame: the loading notice only once it has loaded for
 * `playerLoadingDelayMs` (a quick player never flashes it), and the frame shown
 * `playerDisplayDelayMs` after its load (its callback), so its first picture is painted. A frame
 * closed, opened again or loaded in the meantime stops the wait.
 */
export const frameDelays: Epic<S> = (event$, _state$, deps) => {
  const { playerLoadingDelayMs, playerDisplayDelayMs } = deps.config;
  const loading$ = event$.pipe(
    ofType(frameOpened),
    mergeMap((event) =>
      timer(playerLoadingDelayMs, deps.scheduler).pipe(
        map(() => loadingShown(event.payload, event)),
        takeUntil(event$.pipe(filter(sameFrame(event)))),
      ),
    ),
  );
  const display$ = event$.pipe(
    ofType(frameLoaded),
    mergeMap((event) =>
      timer(playerDisplayDelayMs, deps.scheduler).pipe(
        map(() => frameDisplayed(event.payload, event)),
        takeUntil(event$.pipe(filter(sameFrame(event)))),
      ),
    ),
  );
  return merge(loading$, display$);
};
