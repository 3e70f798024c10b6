/**
 * Redaction primitives shared by the recorder and the log domain: secrets must never leave the
 * browser in an exported log or a log message.
 */
export const REDACTED = '[redacted]';

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

const sizes = new WeakMap<object, number>();

/** Items of a long array that `approximateBytes` looks at. */
const SAMPLED = 64;

/**
 * About how many bytes a JSON value holds in memory (its serialised length plus what the engine
 * adds: a header per string, a slot per item): what the recorder counts against its byte budget. Remembered for frozen objects, so that the list shared
 * by an event, the state and the snapshots is walked once.
 */
export function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return value.length + 16;
  if (value === null || typeof value !== 'object') return 8;
  const known = sizes.get(value);
  if (known !== undefined) return known;
  let total = 32;
  if (Array.isArray(value) && value.length > SAMPLED) {
    // a long array is estimated from evenly spaced items: counting 350 000 tags would cost more
    // than the fold of the answer that brought them
    const step = value.length / SAMPLED;
    let sample = 0;
    for (let i = 0; i < SAMPLED; i += 1) sample += approximateBytes(value[Math.floor(i * step)]) + 8;
    total += Math.round((sample * value.length) / SAMPLED);
  } else if (Array.isArray(value)) for (const item of value) total += approximateBytes(item) + 8;
  else
    for (const key in value)
      total += key.length + 8 + approximateBytes((value as Record<string, unknown>)[key]);
  if (Object.isFrozen(value)) sizes.set(value, total);
  return total;
}

/**
 * Masks the values at payload paths such as `email`, `user.email` or `collaborators[].email`
 * (`[]` walks every item of an array). Returns a copy; what is not on a path is kept as is.
 */
export function maskPaths(value: unknown, paths: readonly string[]): unknown {
  let out = value;
  for (const path of paths) out = maskPath(out, path.split('.'));
  return out;
}

function maskPath(value: unknown, steps: readonly string[]): unknown {
  const [step, ...rest] = steps;
  if (step === undefined) return value === null || value === undefined ? value : REDACTED;
  if (typeof value !== 'object' || value === null) return value;
  const every = step.endsWith('[]');
  const key = every ? step.slice(0, -2) : step;
  const record = value as Record<string, unknown>;
  if (!(key in record)) return value;
  const inner = record[key];
  const masked =
    every && Array.isArray(inner) ? inner.map((item) => maskPath(item, rest)) : maskPath(inner, rest);
  return { ...record, [key]: masked };
}
