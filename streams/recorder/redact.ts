import type { AnyEvent } from '../core/event';
import { eventCatalogue } from '../core/event';
import { REDACTED } from '../core/redact';
import { redactDeep, redactDeepDeferred } from '../core/secrets';

/**
 * What the recorder keeps of an event: the type's own `redact` first (it knows the payload's
 * shape, e.g. hashes e-mails), then the deep key/text safety net. Meta carries no secrets and is
 * kept as is. Returns a new event: recorded events are frozen by immer and must stay untouched.
 */
export function redactEvent<E extends AnyEvent>(event: E): E {
  return { ...event, payload: redactDeep(ownRedaction(event)) };
}

/**
 * What the recorder keeps at dispatch: the type's own redaction, then the safety net on what is
 * not frozen; frozen parts (server lists the reducers froze, the state) are kept by reference and
 * redacted on export by `exportedEvent`: the same result, without walking a 10 MB answer inside
 * dispatch. Nothing of the payload is copied that the state does not hold anyway.
 */
export function recordedEvent<E extends AnyEvent>(event: E): E {
  return { ...event, payload: redactDeepDeferred(ownRedaction(event)) };
}

/** A recorded event as an export writes it: its frozen parts redacted too (remembered by identity). */
export function exportedEvent<E extends AnyEvent>(recorded: E): E {
  return { ...recorded, payload: redactDeep(recorded.payload) };
}

function ownRedaction(event: AnyEvent): unknown {
  const redact = eventCatalogue().get(event.type)?.redact;
  if (!redact) return event.payload;
  try {
    return redact(event.payload);
  } catch {
    // the recorder runs inside dispatch: a faulty redactor must neither break the store nor leak
    return REDACTED;
  }
}

/** Snapshots only get the safety net: state has no per-type redactor. */
export function redactState<S>(state: S): S {
  return redactDeep(state) as S;
}

/** A snapshot as the recorder keeps it: the (frozen) state by reference, redacted on export. */
export function recordedState<S>(state: S): S {
  return redactDeepDeferred(state) as S;
}
