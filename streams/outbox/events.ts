import * as z from 'zod/mini';
import type { Deps } from '../core/deps';
import { serializedErrorSchema } from '../core/errors';
import {
  type AppEvent,
  defineAnswer,
  defineFact,
  defineFailure,
  defineIntent,
  eventCatalogue,
} from '../core/event';
import type { HttpRequest } from '../core/http';

/** A message key and its values: how the dialog names a write or a version (the view translates it). */
const labelSchema = z.object({
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type OutboxLabel = z.infer<typeof labelSchema>;

/**
 * The object of a kept write changed or vanished on the server since the write was made: both
 * versions in words (`theirs` null: it is gone), and the server's version as the event that folds
 * it (`fold`), dispatched when the user keeps theirs.
 */
const conflictSchema = z.object({
  yours: labelSchema,
  theirs: z.nullable(labelSchema),
  fold: z.nullable(z.object({ type: z.string(), payload: z.unknown() })),
});
export type OutboxConflict = z.infer<typeof conflictSchema>;

/**
 * A write the outbox keeps: the intent event that asked for it (type and payload, its first id),
 * what the dialog calls it, and how its last attempt went. `state`: `waiting` goes with the next send,
 * `sending` is on its way, `refused` was answered no (a 4xx) and waits for the user (Retry or
 * Discard), `conflict` found its object changed or gone and waits for the user to choose.
 */
export const entrySchema = z.object({
  id: z.string(),
  type: z.string(),
  payload: z.unknown(),
  /** the domain whose epics send it: its code must be on before it goes */
  domain: z.string(),
  /** message key and values that name the write in the dialog (the view translates them) */
  label: labelSchema,
  queuedAt: z.number(),
  attempts: z.int(),
  error: serializedErrorSchema,
  state: z.enum(['waiting', 'sending', 'refused', 'conflict']),
  /** the object as the write found it (its `base`), to tell a change made meanwhile on the server */
  base: z.optional(z.unknown()),
  conflict: z.optional(conflictSchema),
  /** "Keep mine": sent without looking for a conflict again */
  forced: z.optional(z.boolean()),
});
export type OutboxEntry = z.infer<typeof entrySchema>;

/** A payload masked as its own event type masks it (e-mail addresses of collaborators). */
function redactAs(type: string, payload: unknown): unknown {
  const redact = eventCatalogue().get(type)?.redact;
  return redact ? redact(payload) : payload;
}

function redactConflict(conflict: OutboxConflict): OutboxConflict {
  return conflict.fold
    ? {
        ...conflict,
        fold: { ...conflict.fold, payload: redactAs(conflict.fold.type, conflict.fold.payload) },
      }
    : conflict;
}

function redactEntry(entry: OutboxEntry): OutboxEntry {
  const payload = redactAs(entry.type, entry.payload);
  return entry.conflict
    ? { ...entry, payload, conflict: redactConflict(entry.conflict) }
    : { ...entry, payload };
}

/** The user's writes read back from durable storage when they are known (an outside read). */
export const restored = defineFact(
  'outbox/restored',
  'storage',
  { user: z.string(), entries: z.array(entrySchema) },
  (payload) => ({
    ...payload,
    entries: payload.entries.map(redactEntry),
  }),
);
/** A write failed for want of a network or a server (no answer, 5xx, timeout): kept to send later. */
export const queued = defineFact('outbox/queued', 'system', { entry: entrySchema }, (payload) => ({
  entry: redactEntry(payload.entry),
}));
/** The head of the outbox goes: its state is read first when it has a check, then it is sent again. */
export const resendStarted = defineFact('outbox/resendStarted', 'system', { entryId: z.string() });
/** The server already holds the write (its answer had been lost): it is not sent again. */
export const alreadySaved = defineAnswer('outbox/alreadySaved', { entryId: z.string() });
/**
 * The server does not hold the write yet: it is sent again, as `payload` when the read found part
 * of it done already (items deleted on an earlier attempt), else as it was kept.
 */
export const checked = defineAnswer('outbox/checked', {
  entryId: z.string(),
  payload: z.optional(z.unknown()),
});
/** The write sent again was saved. */
export const resent = defineAnswer('outbox/resent', { entryId: z.string() });
/** Sent again, it failed: `refused` when the server said no (it then waits for the user), else it waits for the next try. */
export const resendFailed = defineFailure('outbox/resendFailed', {
  entryId: z.string(),
  refused: z.boolean(),
});
/** Read before it went again, the write's object had changed or vanished on the server: the user decides. */
export const conflicted = defineAnswer(
  'outbox/conflicted',
  { entryId: z.string(), conflict: conflictSchema },
  (payload) => ({ ...payload, conflict: redactConflict(payload.conflict) }),
);
/**
 * The user settled a conflict: "Keep mine" (`mine`: the write goes as it is, over the server's
 * version) or "Keep theirs" (`theirs`: the write is dropped and the server's version folded).
 */
export const conflictSettled = defineIntent('outbox/conflictSettled', {
  entryId: z.string(),
  keep: z.enum(['mine', 'theirs']),
});
/** The server's version of a conflict was folded (the event before this one): its write is gone. */
export const theirsFolded = defineFact('outbox/theirsFolded', 'system', { entryId: z.string() });
/** The wait after a failed attempt is over. */
export const retryDue = defineFact('outbox/retryDue', 'timer', {});
/** "Retry" of the dialog: the write goes now (a refused one too). */
export const retryRequested = defineIntent('outbox/retryRequested', { entryId: z.string() });
/** "Discard" of the dialog: the write is dropped, never sent. */
export const discardRequested = defineIntent('outbox/discardRequested', { entryId: z.string() });
/** Sign-out chose to drop every pending write. */
export const discardAllRequested = defineIntent('outbox/discardAllRequested', {});

/** Read before a write goes again (the protocol has no idempotency keys). */
export interface WriteCheck<R> {
  read: HttpRequest<R>;
  /**
   * From what the server holds: the write's own answer events when it is there already (for a
   * write in parts, those of the parts done), else null (send it).
   */
  decide(data: R): AppEventLike | readonly AppEventLike[] | null;
  /** the write's own answer when the read finds its object gone (a 404): a deletion went through */
  gone?(): AppEventLike;
  /**
   * From what the server holds: the intent's payload for what is not done yet (for a write in
   * parts, its parts; for an addition to a list, the list as the server holds it)
   */
  rest?(data: R): unknown;
  /** the read finds nothing there (a 404) and the write makes it: the intent's payload to send */
  absent?(): unknown;
  /**
   * From what the server holds, not the write yet: a conflict when it is no longer the `base` the
   * write was made on (someone changed it meanwhile), else null (send it).
   */
  conflict?(data: R, base: unknown): Omit<OutboxConflict, 'yours'> | null;
  /**
   * The read is a demo extension a real server refuses (a 4xx): the write then goes again without
   * it, as a write with no read would.
   */
  optional?: boolean;
}

type AppEventLike = Pick<AppEvent, 'type' | 'payload' | 'error'> & {
  meta: Omit<AppEvent['meta'], 'seq' | 'id' | 'at'>;
};

/**
 * A write sent as several requests answered one by one (import items deleted 3 at a time): it is
 * over at its `end` event; the parts the network or the server failed are kept, the others are done.
 */
interface WriteParts {
  end: { type: string };
  /** the ids a part's failure is about */
  idsOf(failure: never): string[];
  /** the intent's payload for these ids only */
  narrow(payload: never, ids: string[]): unknown;
}

/** One kind of write a domain lets the outbox keep. */
export interface OutboxWrite {
  /** the domain whose epics send it (a lazy domain's code is brought first) */
  domain: string;
  intent: { type: string };
  /** the events that answer it (caused by it, sharing its `meta.corr`) */
  answers: readonly { type: string }[];
  failures: readonly { type: string }[];
  /** what the dialog calls it, from its payload and the state when it was kept */
  label(payload: never, state: never): OutboxEntry['label'];
  /** the object as the write found it, when it is kept (the state then holds it): compared later */
  base?(payload: never, state: never): unknown;
  /** the write's own version in words, shown against the server's in a conflict (`base` as kept) */
  yours?(payload: never, base: unknown): OutboxLabel;
  /** the intent as kept, from the state its failure left: what it needs to go again after a reload */
  kept?(payload: never, state: never): unknown;
  /** a write in parts: its answers and failures are per part, its `end` closes it */
  parts?: WriteParts;
  /** whether this one may be kept (a write nothing can check, done twice, is not) */
  keeps?(payload: never): boolean;
  /**
   * The read that tells whether an earlier attempt was saved after all; `base` as kept, for a
   * write whose intent does not carry what it sets (a metadata draft's save). None: sent without one
   */
  // biome-ignore lint/suspicious/noExplicitAny: each write reads its own answer shape
  check?(intent: AppEvent<string, never>, deps: Deps, base: unknown): WriteCheck<any> | undefined;
}

/**
 * The writes each domain declared (its `outbox.ts`, loaded with its manifest), by intent type:
 * like the event catalogue, filled as the domains' code arrives.
 */
const writes = new Map<string, OutboxWrite>();

export function declareWrites(list: readonly OutboxWrite[]): void {
  for (const write of list) writes.set(write.intent.type, write);
}

export function declaredWrite(type: string): OutboxWrite | undefined {
  return writes.get(type);
}
