import type { AnyEvent } from '../core/event';
import { eventCatalogue } from '../core/event';
import { REDACTED, redactDeep } from '../core/redact';

/**
 * What the recorder keeps of an event: the type's own `redact` first (it knows the payload's
 * shape, e.g. hashes e-mails), then the deep key/text safety net. Meta carries no secrets and is
 * kept as is. Returns a new event: recorded events are frozen by immer and must stay untouched.
 */
export function redactEvent<E extends AnyEvent>(event: E): E {
  return { ...event, payload: redactDeep(ownRedaction(event)) };
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
