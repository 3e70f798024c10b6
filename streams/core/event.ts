import * as z from 'zod/mini';
import { serializedErrorSchema } from './errors';
import { maskPaths } from './redact';

/** Where an event comes from; replay and re-simulation feed some sources and recompute the others. */
export type EventSource = 'ui' | 'server' | 'timer' | 'storage' | 'system';

export interface EventMeta {
  seq: number;
  id: string;
  at: number;
  source: EventSource;
  /** id of the event whose epic produced this one */
  cause?: string;
  /** correlation id shared by one flow (one download, one request...) */
  corr?: string;
  /**
   * came from outside the epics (a person, the browser, a server's answer, a port's report): a
   * re-simulation feeds it as recorded; every other event is recomputed and compared
   */
  input?: true;
  /** the `system/requestSent` whose answer this event reports (the events its mapping emitted) */
  request?: string;
}

export interface AppEvent<T extends string = string, P = unknown> {
  type: T;
  payload: P;
  error?: true;
  meta: EventMeta;
}

/** What creators return and epics emit: the store stamps seq, id and at at dispatch. */
export interface UnstampedEvent<T extends string = string, P = unknown> {
  type: T;
  payload: P;
  error?: true;
  meta: Omit<EventMeta, 'seq' | 'id' | 'at'>;
}

export type AnyEvent = AppEvent<string, unknown>;

/**
 * What an event's payload holds that must not leave the browser in an exported log: the paths
 * of the fields to mask (`['email', 'collaborators[].email']`), `[]` for "nothing sensitive",
 * or a function for a shape paths cannot say. Every type declares it (the redaction audit
 * test checks); the recorder's deep key/text safety net runs after it anyway.
 */
export type Redaction<P> = readonly string[] | ((payload: P) => P);

interface EventOptions<P> {
  source: EventSource;
  /** marks failure events (FSA `error: true`) */
  failure?: boolean;
  redact?: Redaction<P>;
}

export interface EventDefinition<T extends string, S extends z.ZodMiniType> {
  (payload: z.output<S>, origin?: Pick<AppEvent, 'meta'>): UnstampedEvent<T, z.output<S>>;
  type: T;
  schema: S;
  source: EventSource;
  failure: boolean;
  /** the declared redaction as a function; undefined when there is nothing to mask */
  redact?: (payload: z.output<S>) => z.output<S>;
  /** what the type declared: masked paths, 'custom' for a function, null when it declared nothing */
  redacts: readonly string[] | 'custom' | null;
  match(event: { type: string }): event is AppEvent<T, z.output<S>>;
}

function redactor<P>(redaction: Redaction<P> | undefined): ((payload: P) => P) | undefined {
  if (typeof redaction === 'function') return redaction;
  if (!redaction || redaction.length === 0) return undefined;
  return (payload) => maskPaths(payload, redaction) as P;
}

const catalogue = new Map<string, EventDefinition<string, z.ZodMiniType>>();

/**
 * Declares one event type. Passing the event that caused this one (`origin`) links them:
 * the new event's `cause` is the origin's id and it keeps the origin's correlation id.
 */
export function defineEvent<T extends string, S extends z.ZodMiniType>(
  type: T,
  schema: S,
  options: EventOptions<z.output<S>>,
): EventDefinition<T, S> {
  if (catalogue.has(type)) throw new Error(`Event ${type} is defined twice`);
  const create = (payload: z.output<S>, origin?: Pick<AppEvent, 'meta'>): UnstampedEvent<T, z.output<S>> => {
    const meta: UnstampedEvent['meta'] = { source: options.source };
    if (origin) {
      meta.cause = origin.meta.id;
      if (origin.meta.corr !== undefined) meta.corr = origin.meta.corr;
    }
    return options.failure ? { type, payload, error: true, meta } : { type, payload, meta };
  };
  const definition = Object.assign(create, {
    type,
    schema,
    source: options.source,
    failure: options.failure ?? false,
    redact: redactor(options.redact),
    redacts: typeof options.redact === 'function' ? ('custom' as const) : (options.redact ?? null),
    match: (event: { type: string }): event is AppEvent<T, z.output<S>> => event.type === type,
  });
  catalogue.set(type, definition as unknown as EventDefinition<string, z.ZodMiniType>);
  return definition;
}

/** Every event type defined so far (all domains register theirs when streams/root.ts is imported). */
export function eventCatalogue(): ReadonlyMap<string, EventDefinition<string, z.ZodMiniType>> {
  return catalogue;
}

export type Shape = Record<string, z.ZodMiniType>;
export type PayloadOf<Sh extends Shape> = z.output<z.ZodMiniObject<Sh>>;

/**
 * The builders below declare the usual kinds of event in one line each. Their payload is an
 * object of the given shape; nothing is masked in exports unless `redact` says so (the
 * recorder's key/text safety net still runs).
 */

/** What a person asked for (source `ui`). */
export function defineIntent<T extends string, Sh extends Shape>(
  type: T,
  shape: Sh,
  redact: Redaction<PayloadOf<Sh>> = [],
): EventDefinition<T, z.ZodMiniObject<Sh>> {
  return defineEvent(type, z.object(shape), { source: 'ui', redact });
}

/** What the server answered (source `server`). */
export function defineAnswer<T extends string, Sh extends Shape>(
  type: T,
  shape: Sh,
  redact: Redaction<PayloadOf<Sh>> = [],
): EventDefinition<T, z.ZodMiniObject<Sh>> {
  return defineEvent(type, z.object(shape), { source: 'server', redact });
}

const failureShape = { error: serializedErrorSchema };

/** A request that failed: `{error, ...shape}`, marked `error: true` (source `server`). */
export function defineFailure<T extends string, Sh extends Shape = Record<never, z.ZodMiniType>>(
  type: T,
  shape?: Sh,
  redact: Redaction<PayloadOf<Sh & typeof failureShape>> = [],
): EventDefinition<T, z.ZodMiniObject<Sh & typeof failureShape>> {
  const full = { ...shape, ...failureShape } as Sh & typeof failureShape;
  return defineEvent(type, z.object(full), { source: 'server', failure: true, redact });
}

/** Anything else the portal learns: a timer fired, a stored value, a system fact. */
export function defineFact<T extends string, Sh extends Shape>(
  type: T,
  source: Exclude<EventSource, 'ui' | 'server'>,
  shape: Sh,
  redact: Redaction<PayloadOf<Sh>> = [],
): EventDefinition<T, z.ZodMiniObject<Sh>> {
  return defineEvent(type, z.object(shape), { source, redact });
}
