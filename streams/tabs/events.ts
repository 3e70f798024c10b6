import * as z from 'zod/mini';
import { type AnyEvent, type AppEvent, defineFact, eventCatalogue } from '../core/event';

/** A fact as it crosses between tabs: its type and payload, never its meta (ids are per tab). */
const crossingFactSchema = z.object({ type: z.string(), payload: z.unknown() });
type CrossingFact = z.infer<typeof crossingFactSchema>;

/** What one tab posts on the channel: the fact, and the user it happened to (null: no user). */
export const tabMessageSchema = z.object({ user: z.nullable(z.string()), fact: crossingFactSchema });
export type TabMessage = z.infer<typeof tabMessageSchema>;

/**
 * This tab takes part in the election (it has the channel and the lock): it follows until it leads.
 * Dispatched at start from outside (`src/main.tsx`), so a log says whether its tab had them.
 */
export const joined = defineFact('tabs/joined', 'system', {});
/** This tab holds the leader's lock: it polls for every tab until it closes. */
export const leadershipGained = defineFact('tabs/leadershipGained', 'system', {});

/** The inner fact masked as its own type masks it: a received cart names its collaborators too. */
function redactReceived(payload: { user: string | null; fact: CrossingFact }) {
  const redact = eventCatalogue().get(payload.fact.type)?.redact;
  return redact ? { ...payload, fact: { ...payload.fact, payload: redact(payload.fact.payload) } } : payload;
}

/**
 * Another tab of this browser told a fact (issue 25). An input of the log, like a click: a replay
 * folds it and a re-simulation feeds it, so each domain's reaction to it is recomputed exactly.
 */
export const factReceived = defineFact(
  'tabs/factReceived',
  'system',
  { user: z.nullable(z.string()), fact: crossingFactSchema },
  redactReceived,
);

/**
 * The payload of a fact another tab told, when `event` is one of type `definition`; else null.
 * Reducers and epics of each domain react to their own facts through it.
 */
export function receivedFact<T extends string, P>(
  event: AnyEvent,
  definition: { type: T; match(event: { type: string }): event is AppEvent<T, P> },
): P | null {
  if (!factReceived.match(event) || event.payload.fact.type !== definition.type) return null;
  return event.payload.fact.payload as P;
}
