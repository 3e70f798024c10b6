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

/** Deep copy with secret-named keys replaced and secret-looking text masked. */
export function redactDeep(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactDeep);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      // flags and numbers (expiry times, counts) reveal nothing and keep their type for replay;
      // an object under a secret-looking name (`passwordChange: {status}`) is judged key by key
      const secretValue = typeof inner === 'string' || Array.isArray(inner);
      // keys are data too (a record keyed by preference names, by search text...)
      out[redactText(key)] = isSecretKey(key) && secretValue ? REDACTED : redactDeep(inner);
    }
    return out;
  }
  return value;
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
