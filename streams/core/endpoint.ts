import type { Draft } from 'immer';
import type { Observable } from 'rxjs';
import type * as z from 'zod/mini';
import type { Deps } from './deps';
import type { SerializedError, serializedErrorSchema } from './errors';
import {
  type AnyEvent,
  type AppEvent,
  defineAnswer,
  defineFact,
  defineFailure,
  defineIntent,
  type EventDefinition,
  type PayloadOf,
  type Redaction,
  type Shape,
  type UnstampedEvent,
} from './event';
import type { HttpRequest } from './http';
import { type Emitted, type Flatten, requestEpic } from './request';
import type { StatusTarget } from './request-status';
import { type Case, on } from './case-reducer';

type FailedPayload<K extends Shape> = PayloadOf<K & { error: typeof serializedErrorSchema }>;

interface Matcher<E extends AppEvent> {
  type: string;
  match(event: { type: string }): event is E;
}

/** An event of the call: its type and the fields of its payload (beside the key). */
interface EventDeclaration<T extends string, Sh extends Shape> {
  type: T;
  shape: Sh;
  redact?: Redaction<PayloadOf<Sh>>;
}

type Asked<RqT extends string, RqSh extends Shape> = AppEvent<RqT, PayloadOf<RqSh>>;

/**
 * A `started` fact that carries more than the key (a top's next status and its period): its fields
 * and how they are found as the request leaves.
 */
interface StartedDeclaration<
  S,
  StT extends string,
  StSh extends Shape,
  RqT extends string,
  RqSh extends Shape,
> {
  type: StT;
  shape: StSh;
  payload: (event: Asked<RqT, RqSh>, state: S, deps: Deps) => PayloadOf<StSh>;
}

/**
 * One server call, declared once (issue 23): the intent that asks for it, the request and the
 * answer's schema, the events it ends in and what the epic does with an ask while one is on its
 * way. Every event of the call carries the `key` fields, which name one of its entries (a generic
 * top's id, an asset's resource and id); a call with a single entry has the key `{}`.
 */
interface EndpointDeclaration<
  S,
  T,
  RqT extends string,
  RqSh extends Shape,
  K extends Shape,
  SuT extends string,
  SuSh extends Shape,
  FT extends string,
  StT extends string,
  StSh extends Shape,
> {
  /**
   * what asks for it: a person's intent, or with `source: 'system'` a fact another epic emits
   * (a tree's page leaves once its scheduler has settled the fetch)
   */
  requested: EventDeclaration<RqT, RqSh> & { source?: 'system' };
  /** switch (newest wins), merge, concat or exhaust (an ask while one is on its way is dropped) */
  flatten: Flatten;
  key: K;
  keyOf: (payload: PayloadOf<RqSh>) => PayloadOf<K>;
  /**
   * a fact emitted as the request leaves: for a call whose ask may be skipped (one on its way
   * already), so the status goes `fetching` only when a request does; without it, the ask does.
   * Its type alone when it carries the key alone, or a declaration when it carries more.
   */
  started?: StT | StartedDeclaration<S, StT, StSh, RqT, RqSh>;
  request: (event: Asked<RqT, RqSh>, state: S, deps: Deps) => Omit<HttpRequest<T>, 'schema'>;
  /** the answer's schema: an answer that does not fit is a failure; without it the body is not read */
  answer?: z.ZodMiniType<T>;
  succeeded: EventDeclaration<SuT, SuSh>;
  /** the succeeded event's fields from the answer (`state`: as the answer arrives) */
  result: (data: T, event: Asked<RqT, RqSh>, deps: Deps, state: S) => PayloadOf<SuSh>;
  /**
   * an answer the state has moved on from while it travelled (a tree's signature changed): its
   * events instead of `succeeded`, or null when it still fits
   */
  stale?: (data: T, event: Asked<RqT, RqSh>, state: S) => Emitted | null;
  /** `{...key, error}` */
  failed: FT;
  /** skips an ask (a busy entry) */
  when?: (event: Asked<RqT, RqSh>, state: S) => boolean;
  /** answers an ask without a request (a refused name): the events, or null to send it */
  refuse?: (event: Asked<RqT, RqSh>, state: S) => Emitted | null;
  /** what drops a request on its way, unanswered (the tree it fills was removed) */
  until?: (event: Asked<RqT, RqSh>, event$: Observable<AnyEvent>) => Observable<unknown>;
  /** what a success sets off in other domains (who-am-I asked again) */
  followUp?: (data: T, event: Asked<RqT, RqSh>) => readonly UnstampedEvent[];
  /** a failure that means something else (the server has no such call): its events, or null for `failed` */
  failure?: (error: SerializedError, event: Asked<RqT, RqSh>) => Emitted | null;
}

/**
 * What a declaration gives: its events (`started` is null when the ask itself starts the request),
 * its epic, its status cases (fetching, loaded, error) of the entry `at` finds or creates by key,
 * `select` for the entry of a key in a record kept by `entryKey` (the key's values joined by `|`,
 * in the order the key declares them).
 */
export function defineEndpoint<
  S,
  T,
  const RqT extends string,
  RqSh extends Shape,
  K extends Shape,
  const SuT extends string,
  SuSh extends Shape,
  const FT extends string,
  const StT extends string = never,
  StSh extends Shape = Record<never, z.ZodMiniType>,
>(declaration: EndpointDeclaration<S, T, RqT, RqSh, K, SuT, SuSh, FT, StT, StSh>) {
  const { requested: asked, succeeded: answered, key } = declaration;
  const requested =
    asked.source === 'system'
      ? defineFact(asked.type, 'system', asked.shape, asked.redact)
      : defineIntent(asked.type, asked.shape, asked.redact);
  const startedAs =
    typeof declaration.started === 'string' ? { type: declaration.started } : declaration.started;
  const started = startedAs
    ? defineFact(startedAs.type, 'system', { ...key, ...('shape' in startedAs ? startedAs.shape : {}) } as K &
        StSh)
    : null;
  const succeeded = defineAnswer(
    answered.type,
    { ...key, ...answered.shape } as K & SuSh,
    answered.redact as Redaction<PayloadOf<K & SuSh>> | undefined,
  );
  const failed = defineFailure(declaration.failed, key);
  const keyNames = Object.keys(key);
  const keyFields = (payload: object): PayloadOf<K> =>
    Object.fromEntries(
      keyNames.map((name) => [name, (payload as Record<string, unknown>)[name]]),
    ) as PayloadOf<K>;
  const entryKey = (of: PayloadOf<K>): string =>
    keyNames.map((name) => String((of as Record<string, unknown>)[name])).join('|');

  const epic = requestEpic<S, typeof requested, T>({
    on: requested,
    flatten: declaration.flatten,
    when: declaration.when,
    refuse: declaration.refuse,
    started: started
      ? (event, state, deps) =>
          started(
            {
              ...declaration.keyOf(event.payload),
              ...(startedAs && 'payload' in startedAs ? startedAs.payload(event, state, deps) : {}),
            } as PayloadOf<K & StSh>,
            event,
          )
      : undefined,
    call: (event, state, deps) => ({
      ...declaration.request(event, state, deps),
      schema: declaration.answer,
    }),
    succeeded: (data, event, _status, deps, state) =>
      declaration.stale?.(data, event, state) ?? [
        succeeded(
          {
            ...declaration.keyOf(event.payload),
            ...declaration.result(data, event, deps, state),
          } as PayloadOf<K & SuSh>,
          event,
        ),
        ...(declaration.followUp?.(data, event) ?? []),
      ],
    until: declaration.until,
    failed: (error, event) =>
      declaration.failure?.(error, event) ??
      failed({ ...declaration.keyOf(event.payload), error } as FailedPayload<K>, event),
  });

  return {
    requested,
    started: started as [StT] extends [never] ? null : EventDefinition<StT, z.ZodMiniObject<K & StSh>>,
    succeeded,
    failed,
    epic,
    statusCases: <D>(at: (draft: Draft<D>, of: PayloadOf<K>) => StatusTarget) =>
      requestStatusCases<D, AppEvent, AppEvent, AppEvent<FT, { error: SerializedError }>>(
        {
          started: started ?? requested,
          succeeded,
          failed: failed as Matcher<AppEvent<FT, { error: SerializedError }>>,
        },
        (draft, event) =>
          at(
            draft,
            requested.match(event) ? declaration.keyOf(event.payload) : keyFields(event.payload as object),
          ),
      ),
    select: <E>(entries: Readonly<Record<string, E>>, of: PayloadOf<K>): E | undefined =>
      entries[entryKey(of)],
    entryKey,
  };
}

/**
 * The three cases every request status goes through: asked (fetching, the last error forgotten),
 * answered (loaded), failed (error, with the asking event's id). `at` finds the entry the event
 * is about in the slice, creating it when it is new; the entry's data is the domain's own case.
 */
function requestStatusCases<
  S,
  A extends AppEvent,
  B extends AppEvent,
  C extends AppEvent<string, { error: SerializedError }>,
>(
  events: { started: Matcher<A>; succeeded: Matcher<B>; failed: Matcher<C> },
  at: (draft: Draft<S>, event: A | B | C) => StatusTarget,
): Case<S>[] {
  return [
    on<S, A>(events.started, (draft, event) => {
      const target = at(draft, event);
      target.status = 'fetching';
      target.error = null;
    }),
    on<S, B>(events.succeeded, (draft, event) => {
      const target = at(draft, event);
      target.status = 'loaded';
      target.error = null;
      delete target.requestId;
    }),
    on<S, C>(events.failed, (draft, event) => {
      const target = at(draft, event);
      target.status = 'error';
      target.error = event.payload.error;
      if (event.meta.cause !== undefined) target.requestId = event.meta.cause;
    }),
  ];
}
