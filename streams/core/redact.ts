/**
 * What an event type declares it masks in an exported log (`defineEvent`'s `redact` paths), which
 * the shell applies too when a fact goes to the other tabs. The recorder's safety net over every
 * key and text is `secrets.ts`, which loads with the recorder's code, not in the first download.
 */
export const REDACTED = '[redacted]';

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
