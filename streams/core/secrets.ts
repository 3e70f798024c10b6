import { REDACTED } from './redact';

/**
 * Secrets must never leave the browser in an exported log or a log message: the recorder and the
 * logs mask every secret-named key and secret-looking text, whatever the event types declare.
 */

// A bare `key` is data (notification, constraint, preference keys) and so are paging tokens
// (`nextResultsToken`) and search words (`fulltextTokens`); named API keys and credentials are not.
const SECRET_KEY =
  /pass(word)?|^(access|refresh|auth|session|id|csrf|api|bearer)?[-_]?token$|secret|authori[sz]ation|csrf|cookie|^(api|private|app|application)[-_]?key$|credential/i;

const SECRET_TEXT: Array<[RegExp, string]> = [
  // Authorization values: "Bearer eyJ...", "Basic OnB3"
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, `$1 ${REDACTED}`],
  // JWT-shaped values anywhere
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  // key=value pairs in URLs, forms and messages
  [/\b(token|access_token|refresh_token|password|secret|key|csrf)=([^&\s"']+)/gi, `$1=${REDACTED}`],
  // "password": "..." in JSON text
  [/("(?:[\w-]*)(?:password|token|secret|csrf|authorization)(?:[\w-]*)"\s*:\s*)"[^"]*"/gi, `$1"${REDACTED}"`],
];

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Text without any of these cannot hold a secret the patterns below would mask. */
const MAYBE_SECRET = /=|"|Bearer|Basic|eyJ/;

export function redactText(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Redacted copies of frozen objects, by identity. A frozen object never changes (immer freezes
 * state and the server lists the reducers keep, deeply), so its redaction never changes either:
 * a 10 MB list held by the state, by an event and by every snapshot is walked once, and the
 * copies share it. The copies are frozen too, so that no caller can spoil them.
 */
const redactedFrozen = new WeakMap<object, unknown>();

/** Deep copy with secret-named keys replaced and secret-looking text masked. */
export function redactDeep(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (!value || typeof value !== 'object') return value;
  if (!Object.isFrozen(value)) return copyRedacted(value, redactDeep);
  const known = redactedFrozen.get(value);
  if (known !== undefined) return known;
  const copy = Object.freeze(copyRedacted(value, redactDeep));
  redactedFrozen.set(value, copy);
  return copy;
}

/**
 * What the recorder does at dispatch, where it must stay cheap (ARCHITECTURE "Recording and
 * replay"): like `redactDeep`, except that frozen objects are kept as they are, by reference, and
 * redacted when a log is exported (`redactDeep` again: redaction is idempotent). A frozen object
 * is immutable, so the export masks exactly what a redaction at dispatch would have masked, and
 * a huge server list costs the recorder nothing but a reference to what the state holds anyway.
 * The copies it makes are frozen, so that the export's redaction of them is remembered too.
 */
export function redactDeepDeferred(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (!value || typeof value !== 'object' || Object.isFrozen(value)) return value;
  return Object.freeze(copyRedacted(value, redactDeepDeferred));
}

function copyRedacted(value: object, inner: (value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map(inner);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // flags and numbers (expiry times, counts) reveal nothing and keep their type for replay;
    // an object under a secret-looking name (`passwordChange: {status}`) is judged key by key
    const secretValue = typeof item === 'string' || Array.isArray(item);
    // keys are data too (a record keyed by preference names, by search text...)
    out[redactText(key)] = isSecretKey(key) && secretValue ? REDACTED : inner(item);
  }
  return out;
}
