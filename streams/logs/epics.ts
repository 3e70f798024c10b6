import { concatMap, debounceTime, filter, map, merge } from 'rxjs';
import type { Epic } from '../core/epic';
import { redactText } from '../core/secrets';
import { ofType } from '../core/operators/of-type';
import { requestAnswer } from '../core/request';
import { epicCrashed, reducerFailed, untrappedErrorCaught } from '../system/events';
import { serializedErrorSchema } from '../core/errors';
import { LOG_LEVELS, newLogEntry, sendLogs } from './api';
import { batchSendFailed, batchSent, entriesDropped, entryAdded } from './events';
import type { LogsState } from './state';

type S = { logs: LogsState };

const FATAL_TYPES = new Set<string>([epicCrashed.type, reducerFailed.type, untrappedErrorCaught.type]);

/**
 * Every failure event becomes a log entry ("failure logged", seed 000 §4). The log domain's own
 * failures are left out, or a failing log server would feed itself.
 */
export const logFailures: Epic<S> = (event$, _state$, { config }) =>
  event$.pipe(
    filter((event) => event.error === true && !event.type.startsWith('logs/')),
    map((event) => {
      const parsed = serializedErrorSchema.safeParse((event.payload as { error?: unknown }).error);
      const detail = parsed.success ? `${parsed.data.message} (${parsed.data.code})` : 'failed';
      const level = FATAL_TYPES.has(event.type) ? LOG_LEVELS.fatal : LOG_LEVELS.error;
      return { event, level, message: redactText(`${event.type}: ${detail}`) };
    }),
    filter(({ level }) => level <= config.logSendLevel),
    map(({ event, level, message }) =>
      entryAdded(newLogEntry(event.type.split('/')[0]!, level, message), event),
    ),
  );

/**
 * Entries are sent together once none has arrived for `logDebounceMs`; a failed send is tried
 * again after the same pause, until `logMaxConsecutiveFailures` failures drop the entries.
 */
export const sendLogBatches: Epic<S> = (event$, state$, { http, scheduler, config }) => {
  const retry$ = event$.pipe(
    ofType(batchSendFailed),
    filter((event) => event.payload.consecutiveFailures < config.logMaxConsecutiveFailures),
  );
  return merge(event$.pipe(ofType(entryAdded)), retry$).pipe(
    debounceTime(config.logDebounceMs, scheduler),
    filter(() => state$.value.logs.pending.length > 0),
    // concatMap: batches go one after the other, in order
    concatMap((trigger) => {
      const batch = state$.value.logs.pending;
      return requestAnswer(
        http,
        sendLogs(batch),
        () => batchSent({ entries: batch.map(({ hash, count }) => ({ hash, count })) }, trigger),
        (error) => {
          const consecutiveFailures = state$.value.logs.consecutiveFailures + 1;
          const failed = batchSendFailed({ error, consecutiveFailures }, trigger);
          if (consecutiveFailures < config.logMaxConsecutiveFailures) return failed;
          const occurrences = batch.reduce((sum, entry) => sum + entry.count, 0);
          return [failed, entriesDropped({ entries: batch.length, occurrences }, trigger)];
        },
      );
    }),
  );
};
