import {
  catchError,
  concat,
  defer,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  filter,
  ignoreElements,
  map,
  merge,
  mergeMap,
  type Observable,
  of,
  switchMap,
  take,
  takeUntil,
  tap,
  timer,
} from 'rxjs';
import { backoffMs } from '../core/backoff';
import { ERROR_CODES, type SerializedError, serializeError } from '../core/errors';
import { isStartOf } from '../core/catch-up';
import type { Epic } from '../core/epic';
import type { AnyEvent, AppEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { domainStarted, requestEnded } from '../core/system-events';
import { whoAmILoaded } from '../session/events';
import { selectUserId } from '../session/selectors';
import { selectIsDomainOn } from '../system/selectors';
import * as outboxEvents from './events';
import { connectivityChanged } from './connectivity-events';
import { RESEND_CORR } from './reducer';
import type { OutboxRoot } from './state';

type Root = OutboxRoot & Parameters<typeof selectUserId>[0] & Parameters<typeof selectIsDomainOn>[0];

/**
 * A failure the network or the server caused, not the request: no answer (offline, a dropped
 * connection, an outcome nobody could confirm), a timeout (408) or a server error (5xx). Only
 * these are kept; a refusal (4xx) stays the domain's error, as before.
 */
function isTransportFailure(error: SerializedError): boolean {
  return error.code.startsWith(ERROR_CODES.network) || error.status === 408 || (error.status ?? 0) >= 500;
}

/** Where a user's writes are stored: one record per user, never read for another. */
export const storageKey = (user: string): string => `outbox:${user}`;

const hasFailure = (event: AnyEvent): event is AnyEvent & { payload: { error: SerializedError } } =>
  event.error === true && typeof (event.payload as { error?: unknown }).error === 'object';

/** The browser's online and offline events, as they come. */
export const watchConnectivity: Epic<Root> = (_event$, _state$, { network }) =>
  network ? network.online$.pipe(map((online) => connectivityChanged({ online }))) : EMPTY;

/** A stored record read back: the entries that still fit their schema, the others dropped. */
function entriesOf(value: unknown): outboxEvents.OutboxEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = outboxEvents.entrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Once the user is known, their writes kept by an earlier tab are read back (an outside read): at
 * who-am-I, or when the outbox's code came after it (it loads with the portal's code).
 */
export const restoreKept: Epic<Root> = (event$, state$, { durable }) =>
  durable
    ? event$.pipe(
        filter((event) => whoAmILoaded.match(event) || isStartOf('outbox', event)),
        map(() => selectUserId(state$.value)),
        filter((user): user is string => user !== null && user !== state$.value.outbox.user),
        switchMap((user) =>
          durable.read(storageKey(user)).pipe(
            take(1),
            // storage that cannot be read holds nothing: the tab's own writes are still kept
            catchError(() => of(undefined)),
            map((value) => outboxEvents.restored({ user, entries: entriesOf(value) })),
          ),
        ),
      )
    : EMPTY;

/** Every change of the user's entries is stored, so a reload or a closed tab loses nothing. */
export const storeKept: Epic<Root> = (_event$, state$, { durable }) =>
  durable
    ? state$.pipe(
        map((state) => state.outbox),
        distinctUntilChanged((a, b) => a.entries === b.entries && a.user === b.user),
        filter((outbox) => outbox.user !== null),
        mergeMap((outbox) =>
          durable
            .write(storageKey(outbox.user!), outbox.entries.length > 0 ? outbox.entries : undefined)
            .pipe(
              ignoreElements(),
              catchError(() => EMPTY),
            ),
        ),
      )
    : EMPTY;

/**
 * A declared write that failed for want of a network or a server is kept as the intent that
 * asked for it. The failure is matched to its intent by `meta.cause`; the outbox's own resends
 * (their `meta.corr`) are answered by `sendKept` instead. A write in parts is kept at its end,
 * narrowed to the parts that failed so.
 */
export const keepFailedWrites: Epic<Root> = (event$, state$) => {
  const intents = new Map<string, AnyEvent>();
  // per write on its way: how it failed for want of a network, and the ids of its parts that did
  const lost = new Map<string, { ids: string[]; error: SerializedError }>();
  return event$.pipe(
    mergeMap((event) => {
      const declared = outboxEvents.declaredWrite(event.type);
      if (declared) {
        const resend = event.meta.corr?.startsWith(RESEND_CORR);
        if (!resend && (declared.keeps?.(event.payload as never) ?? true)) intents.set(event.meta.id, event);
        return EMPTY;
      }
      const intent = event.meta.cause === undefined ? undefined : intents.get(event.meta.cause);
      const write = intent && outboxEvents.declaredWrite(intent.type);
      if (!intent || !write) return EMPTY;
      const id = intent.meta.id;
      const failed = write.failures.some((failure) => failure.type === event.type);
      if (failed && hasFailure(event) && isTransportFailure(event.payload.error))
        lost.set(id, {
          ids: [...(lost.get(id)?.ids ?? []), ...(write.parts?.idsOf(event.payload as never) ?? [])],
          error: event.payload.error,
        });
      const answered = write.answers.some((answer) => answer.type === event.type);
      const ended = write.parts ? event.type === write.parts.end.type : answered || failed;
      const failure = ended && lost.get(id);
      if (ended) {
        intents.delete(id);
        lost.delete(id);
      }
      if (!failure) return EMPTY;
      const { stack: _stack, ...error } = failure.error;
      const made = write.parts ? write.parts.narrow(intent.payload as never, failure.ids) : intent.payload;
      const payload = write.kept?.(made as never, state$.value as never) ?? made;
      const entry: outboxEvents.OutboxEntry = {
        id,
        type: intent.type,
        payload,
        domain: write.domain,
        label: write.label(payload as never, state$.value as never),
        queuedAt: intent.meta.at,
        attempts: 0,
        error,
        state: 'waiting',
      };
      // the failure has put the object back as it was before the write: the version it was made on
      const base = write.base?.(payload as never, state$.value as never);
      return of(outboxEvents.queued({ entry: base === undefined ? entry : { ...entry, base } }, event));
    }),
  );
};

/** The intent as it was first made: what a write's check reads it from. */
function firstIntent(entry: outboxEvents.OutboxEntry): AppEvent<string, never> {
  return {
    type: entry.type,
    payload: entry.payload as never,
    meta: { seq: 0, id: entry.id, at: entry.queuedAt, source: 'ui' },
  };
}

/** The entry's object is gone from the server (a 404 on its read or on the write itself). */
const vanished = (error: SerializedError): boolean => error.status === 404;

/** Both versions of a conflict: the write's own in words (its label when it has no other words). */
function conflictOf(
  entry: outboxEvents.OutboxEntry,
  theirs: Omit<outboxEvents.OutboxConflict, 'yours'>,
): outboxEvents.OutboxConflict {
  const yours =
    outboxEvents.declaredWrite(entry.type)?.yours?.(entry.payload as never, entry.base) ?? entry.label;
  return { yours, ...theirs };
}

/**
 * What the read before a resend says: the write (each of its parts) is there already (its answers,
 * then `alreadySaved`), its object changed meanwhile (a conflict), or it goes again (`checked`,
 * with the parts not done yet, after the answers of those done).
 */
function verdictOf(
  entry: outboxEvents.OutboxEntry,
  check: outboxEvents.WriteCheck<unknown>,
  data: unknown,
  trigger: AnyEvent,
): UnstampedEvent[] {
  const entryId = entry.id;
  const decided = check.decide(data);
  const done = (decided === null ? [] : [decided].flat()) as UnstampedEvent[];
  const rest = check.rest?.(data);
  if (done.length > 0 && rest === undefined)
    return [...done, outboxEvents.alreadySaved({ entryId }, trigger)];
  const conflict = entry.forced ? null : (check.conflict?.(data, entry.base) ?? null);
  if (conflict) return [outboxEvents.conflicted({ entryId, conflict: conflictOf(entry, conflict) }, trigger)];
  return [
    ...done,
    outboxEvents.checked(rest === undefined ? { entryId } : { entryId, payload: rest }, trigger),
  ];
}

/** The next write to send: the oldest waiting one, when the network is there and its domain is on. */
function headOf(state: Root): outboxEvents.OutboxEntry | null {
  const { online, user, entries } = state.outbox;
  if (!online || user === null) return null;
  const head = entries.find((entry) => entry.state === 'waiting');
  const write = head && outboxEvents.declaredWrite(head.type);
  return head && write && selectIsDomainOn(state, write.domain) ? head : null;
}

/** The head waits because no answer came at all: any answer proves the network is back. */
function waitsForNetwork(state: Root): boolean {
  return headOf(state)?.error.code.startsWith(ERROR_CODES.network) ?? false;
}

/**
 * Sends the kept writes in order, one at a time: the head's state is read first when its write
 * has a check (an earlier attempt may have been saved, its answer lost: it is then not sent
 * again), else it is sent again as its intent, under a correlation id whose answer or failure
 * tells how it went. A write refused goes aside for the user and the next one goes; one that
 * fails again stops the round (the backoff or the network brings the next). Each step follows an
 * event, never an answer's data: a re-simulation feeds the answers' events, not their data.
 */
export const sendKept: Epic<Root> = (event$, state$, deps) => {
  const attempt = (trigger: AnyEvent): Observable<UnstampedEvent> =>
    defer(() => {
      const entry = headOf(state$.value);
      if (!entry) return EMPTY;
      const write = outboxEvents.declaredWrite(entry.type)!;
      const entryId = entry.id;
      // a vanished object is a conflict for the user to settle, unless they chose to send it anyway
      const failedWith = (error: SerializedError, origin: Pick<AnyEvent, 'meta'>) =>
        vanished(error) && !entry.forced
          ? outboxEvents.conflicted(
              { entryId, conflict: conflictOf(entry, { theirs: null, fold: null }) },
              origin,
            )
          : outboxEvents.resendFailed({ entryId, refused: !isTransportFailure(error), error }, origin);
      const corr = `${RESEND_CORR}${entryId}#${entry.attempts + 1}`;
      const isAnswer = (event: AnyEvent) => write.answers.some((answer) => answer.type === event.type);
      const isFailure = (event: AnyEvent) => write.failures.some((failure) => failure.type === event.type);
      // its answer or failure says how it went; in parts, its end does, from its parts' failures
      // (one for want of a network first, else the first)
      const failures: SerializedError[] = [];
      const answered$ = event$.pipe(
        filter((event) => event.meta.corr === corr),
        tap((event) => {
          if (isFailure(event) && hasFailure(event)) failures.push(event.payload.error);
        }),
        filter((event) =>
          write.parts ? event.type === write.parts.end.type : isAnswer(event) || isFailure(event),
        ),
        take(1),
        map((event) => {
          const failure = failures.find(isTransportFailure) ?? failures[0];
          return failure ? failedWith(failure, event) : outboxEvents.resent({ entryId }, event);
        }),
      );
      // the intent again (as the read before left it), and the outcome its answers say
      const send$ = (origin: AnyEvent, payload: unknown): Observable<UnstampedEvent> =>
        merge(
          answered$,
          of<UnstampedEvent>({
            type: entry.type,
            payload,
            meta: { source: 'ui', cause: origin.meta.id, corr },
          }),
        );
      const check = write.check?.(firstIntent(entry), deps, entry.base);
      const steps$ = check
        ? merge(
            deps.http.request(check.read).pipe(
              mergeMap(({ data }) => verdictOf(entry, check, data, trigger)),
              catchError((thrown: unknown) => {
                const error = serializeError(thrown);
                if (check.optional && !isTransportFailure(error))
                  return of(outboxEvents.checked({ entryId }, trigger));
                if (vanished(error) && check.absent)
                  return of(outboxEvents.checked({ entryId, payload: check.absent() }, trigger));
                const gone = vanished(error) ? check.gone?.() : undefined;
                return gone
                  ? of(gone as UnstampedEvent, outboxEvents.alreadySaved({ entryId }, trigger))
                  : of(failedWith(error, trigger));
              }),
            ),
            event$.pipe(
              ofType(outboxEvents.checked),
              filter((event) => event.payload.entryId === entryId),
              take(1),
              mergeMap((event) => send$(event, event.payload.payload ?? entry.payload)),
            ),
          )
        : send$(trigger, entry.payload);
      const settled$ = event$.pipe(
        filter(
          (event) =>
            (outboxEvents.alreadySaved.match(event) ||
              outboxEvents.resent.match(event) ||
              outboxEvents.resendFailed.match(event) ||
              outboxEvents.conflicted.match(event)) &&
            event.payload.entryId === entryId,
        ),
        take(1),
      );
      // saved, refused or in conflict (it waits for the user): the next one goes; failed again: the round stops
      const next$ = settled$.pipe(
        mergeMap((event) =>
          outboxEvents.resendFailed.match(event) && !event.payload.refused ? EMPTY : attempt(event),
        ),
      );
      return merge(
        next$,
        concat(of(outboxEvents.resendStarted({ entryId }, trigger)), steps$.pipe(takeUntil(settled$))),
      );
    });
  const triggers$ = merge(
    event$.pipe(
      ofType(outboxEvents.restored, outboxEvents.retryRequested, outboxEvents.retryDue, domainStarted),
    ),
    event$.pipe(
      ofType(outboxEvents.conflictSettled),
      filter((event) => event.payload.keep === 'mine'),
    ),
    event$.pipe(
      ofType(connectivityChanged),
      filter((event) => event.payload.online),
    ),
    event$.pipe(
      ofType(requestEnded),
      filter((event) => event.payload.error === undefined && waitsForNetwork(state$.value)),
    ),
  );
  return triggers$.pipe(exhaustMap(attempt));
};

/**
 * "Keep theirs": the server's version the conflict read is folded (as the event its domain folds
 * a server answer with), then the write is dropped. Read from the entry still in the state: the
 * intent does not remove it, `theirsFolded` does.
 */
export const foldTheirs: Epic<Root> = (event$, state$) =>
  event$.pipe(
    ofType(outboxEvents.conflictSettled),
    mergeMap((event) => {
      if (event.payload.keep === 'mine') return EMPTY;
      const { entryId } = event.payload;
      const entry = state$.value.outbox.entries.find((candidate) => candidate.id === entryId);
      if (!entry?.conflict) return EMPTY;
      const { fold } = entry.conflict;
      const folded: UnstampedEvent[] = fold
        ? [{ type: fold.type, payload: fold.payload, meta: { source: 'server', cause: event.meta.id } }]
        : [];
      return of(...folded, outboxEvents.theirsFolded({ entryId }, event));
    }),
  );

/**
 * After a write is kept or fails again, the next attempt comes after `outboxRetryMs`, doubled with
 * each failed attempt up to `outboxRetryMaxMs` (streams/core/backoff.ts); an attempt started
 * otherwise (the network back, "Retry") cancels the wait.
 */
export const backOff: Epic<Root> = (event$, state$, { scheduler, config }) =>
  event$.pipe(
    ofType(
      outboxEvents.queued,
      outboxEvents.resendFailed,
      outboxEvents.resendStarted,
      outboxEvents.discardRequested,
      outboxEvents.discardAllRequested,
    ),
    switchMap((event) => {
      if (
        outboxEvents.resendStarted.match(event) ||
        outboxEvents.discardRequested.match(event) ||
        outboxEvents.discardAllRequested.match(event)
      )
        return EMPTY;
      if (outboxEvents.resendFailed.match(event) && event.payload.refused) return EMPTY;
      const entryId = outboxEvents.queued.match(event)
        ? event.payload.entry.id
        : (event.payload as { entryId: string }).entryId;
      const entry = state$.value.outbox.entries.find((candidate) => candidate.id === entryId);
      const wait = backoffMs((entry?.attempts ?? 0) + 1, config.outboxRetryMs, config.outboxRetryMaxMs);
      return timer(wait, scheduler).pipe(map(() => outboxEvents.retryDue({}, event)));
    }),
  );
