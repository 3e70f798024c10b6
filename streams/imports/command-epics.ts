import { EMPTY, mergeMap, type Observable, of, switchMap, timer } from 'rxjs';
import { backoffMs } from '../core/backoff';
import type { Epic, StateObservable } from '../core/epic';
import { ERROR_CODES, type SerializedError } from '../core/errors';
import type { AnyEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { requestAnswer } from '../core/request';
import * as api from './api';
import {
  collectionChangeRequested,
  commandFailed,
  commandRefused,
  commandStarted,
  commandStatusFailed,
  commandStatusLoaded,
  metadataSetRequested,
  validateRequested,
} from './events';
import { itemsPatched, itemsPatchRequested } from './manage-events';
import type { WithSession } from '../session/selectors';
import { leadershipGained, receivedFact } from '../tabs/events';
import { selectPollsForAllTabs, selectPollsOwnJobs, type WithTabs } from '../tabs/selectors';
import type { WithImports } from './selectors';

type S = WithImports & WithTabs & WithSession;
type ImportsEpic = Epic<S>;

// Metadata commands (set metadata, change collection, validate): one PUT, then followed until the server ran them.

const INVALID_VALIDATE_ANSWER = 'Invalid REST API response for validate command';

/** Bulk patch ("Edit metadata" on many items): one call, its answer not read; the items are read again. */
export const patchItems: ImportsEpic = (event$, _state$, deps) =>
  event$.pipe(
    ofType(itemsPatchRequested),
    mergeMap((event) => {
      const { requestId, jobId, itemIds, data } = event.payload;
      const kind = 'patch' as const;
      let request: ReturnType<typeof api.bulkPatch>;
      try {
        request = api.bulkPatch(itemIds, data);
      } catch (refused) {
        return of(commandRefused({ requestId, jobId, kind, message: (refused as Error).message }, event));
      }
      return requestAnswer(
        deps.http,
        request,
        () => itemsPatched({ requestId, jobId, itemIds }, event),
        (error) => commandFailed({ requestId, jobId, kind, error }, event),
      );
    }),
  );

/** Set metadata, change collection, validate: one PUT with commands, then polled until done. */
export const putCommands: ImportsEpic = (event$, _state$, deps) =>
  event$.pipe(
    ofType(metadataSetRequested, collectionChangeRequested, validateRequested),
    mergeMap((event) => {
      const { requestId, jobId, itemIds } = event.payload;
      const kind = metadataSetRequested.match(event)
        ? ('metadata' as const)
        : collectionChangeRequested.match(event)
          ? ('collection' as const)
          : ('validate' as const);
      let body: Record<string, unknown>;
      let fields: string[] = [];
      try {
        if (metadataSetRequested.match(event)) {
          body = api.setMetadataBody(itemIds, event.payload.data);
          fields = Object.keys(event.payload.data);
        } else if (collectionChangeRequested.match(event)) {
          body = api.changeCollectionBody(itemIds, event.payload.resource);
          fields = ['type'];
        } else body = api.validateBody(itemIds);
      } catch (refused) {
        return of(commandRefused({ requestId, jobId, kind, message: (refused as Error).message }, event));
      }
      return requestAnswer(
        deps.http,
        api.putJob(jobId, body),
        (answer) => {
          const action = answer.response.$action;
          const validationJob = action?.validationJob ?? undefined;
          if (kind === 'validate' && validationJob === undefined) {
            const error: SerializedError = {
              code: ERROR_CODES.invalidResponse,
              message: INVALID_VALIDATE_ANSWER,
            };
            return commandFailed({ requestId, jobId, kind, error }, event);
          }
          return commandStarted(
            {
              requestId,
              jobId,
              kind,
              commandIds: action?.commands ?? [],
              itemIds,
              fields,
              ...(validationJob !== undefined ? { validationJob } : {}),
            },
            event,
          );
        },
        (error) => commandFailed({ requestId, jobId, kind, error }, event),
      );
    }),
  );

/**
 * Where this tab asks about a job's commands, with the failed asks so far (issue 25: one poller
 * among the tabs). Its own commands when it polls its own jobs, and each next ask after an answer;
 * the commands a follower told it started, when it polls for all (the follower does not: the leader
 * adopts its poll); and every job with commands still running once it starts leading (what the tab
 * that closed was asking about).
 */
function pollsDue(event$: Observable<AnyEvent>, state$: StateObservable<S>) {
  const due = (jobId: string, attempt: number, cause: AnyEvent) => [{ jobId, attempt, cause }];
  return event$.pipe(
    mergeMap((event) => {
      if (commandStarted.match(event))
        return selectPollsOwnJobs(state$.value) ? due(event.payload.jobId, 0, event) : [];
      if (commandStatusLoaded.match(event)) return due(event.payload.jobId, 0, event);
      if (commandStatusFailed.match(event)) return due(event.payload.jobId, event.payload.attempt, event);
      const told = receivedFact(event, commandStarted);
      if (told) return selectPollsForAllTabs(state$.value) ? due(told.jobId, 0, event) : [];
      if (leadershipGained.match(event)) {
        const jobs = new Set(Object.values(state$.value.imports.commands).map((command) => command.jobId));
        return [...jobs].flatMap((jobId) => due(jobId, 0, event));
      }
      return [];
    }),
  );
}

/**
 * Running commands are asked about through `changes/{cmdIds}` every `config.importCommandPollMs`
 * while any runs on the job; after a failed ask the wait doubles up to `importCommandPollMaxMs`.
 * A done command's items are fetched again (200 ids at most per call). One ask at a time per job:
 * a new reason to ask replaces the wait under way.
 */
export const pollCommands: ImportsEpic = (event$, state$, deps) =>
  pollsDue(event$, state$).pipe(
    perKey(
      ({ jobId }) => jobId,
      switchMap(({ jobId, attempt, cause: event }) => {
        const running = () =>
          Object.values(state$.value.imports.commands).filter((command) => command.jobId === jobId);
        if (running().length === 0) return EMPTY;
        const { importCommandPollMs: base, importCommandPollMaxMs: most } = deps.config;
        const wait = backoffMs(attempt + 1, base, most);
        return timer(wait, deps.scheduler).pipe(
          mergeMap(() => {
            const commands = running();
            if (commands.length === 0) return EMPTY;
            const commandIds = commands.map((command) => command.id);
            return requestAnswer(
              deps.http,
              api.commandStatus(jobId, commandIds),
              (answer) => {
                const statuses = answer.response.data.map((status) => ({
                  id: status.id,
                  done: status.done === true,
                }));
                const done = new Set(statuses.filter((status) => status.done).map((status) => status.id));
                const itemIds = [
                  ...new Set(
                    commands.filter((command) => done.has(command.id)).flatMap((command) => command.itemIds),
                  ),
                ];
                return commandStatusLoaded({ jobId, statuses, doneItemIds: itemIds }, event);
              },
              (error) => commandStatusFailed({ jobId, commandIds, attempt: attempt + 1, error }, event),
            );
          }),
        );
      }),
    ),
  );
