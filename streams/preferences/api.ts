import * as z from 'zod/mini';
import type { HttpRequest } from '../core/http';

/** Seed 000 §7 / protocol §4.2, verbatim: what the setter answers to any other form. */
export const INVALID_PARAMETER = 'Invalid parameter';

/**
 * One preference to write, namespace resolved (default from config). The client calls the wire's
 * `key` a `name`: exported logs mask any member called `key` (streams/core/redact.ts).
 */
interface PreferenceEntry {
  namespace: string;
  name: string;
  value: unknown;
}

/** `response.data` of `/json/userpref`: `value` is JSON text, absent when the preference is not set. */
const preferenceDataSchema = z.object({
  namespace: z.optional(z.string()),
  key: z.optional(z.string()),
  type: z.optional(z.string()),
  value: z.nullish(z.string()),
});
const preferenceAnswerSchema = z.object({ response: z.object({ data: z.nullish(preferenceDataSchema) }) });
type PreferenceAnswer = z.infer<typeof preferenceAnswerSchema>;

export function getPreference(namespace: string, name: string): HttpRequest<PreferenceAnswer> {
  return {
    method: 'GET',
    path: '/json/userpref',
    query: { namespace, key: name },
    schema: preferenceAnswerSchema,
  };
}

/** protocol §4.1: a form body, the value as JSON text, `type=string`. */
export function setPreference({ namespace, name, value }: PreferenceEntry): HttpRequest<PreferenceAnswer> {
  return {
    method: 'POST',
    path: '/json/userpref',
    body: { form: { namespace, key: name, type: 'string', value: JSON.stringify(value ?? null) } },
    schema: preferenceAnswerSchema,
  };
}

/** The namespace and key travel in the query string; the answer is not read. */
export function removePreference(namespace: string, name: string): HttpRequest<undefined> {
  return { method: 'DELETE', path: '/json/userpref', query: { namespace, key: name } };
}

/** The stored text parsed as JSON; text that is not JSON (written by another client) is kept as is. */
function parsePreferenceValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `undefined` when the answer carries no value: the preference is not set (protocol §4.2). */
export function valueOfAnswer(answer: PreferenceAnswer): { value: unknown } | undefined {
  const text = answer.response.data?.value;
  return typeof text === 'string' ? { value: parsePreferenceValue(text) } : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isArrayEntry(item: unknown): item is { key: string; value: unknown; namespace?: string } {
  return (
    isPlainObject(item) &&
    typeof item.key === 'string' &&
    item.key !== '' &&
    'value' in item &&
    (item.namespace === undefined || (typeof item.namespace === 'string' && item.namespace !== '')) &&
    Object.keys(item).every((name) => name === 'key' || name === 'value' || name === 'namespace')
  );
}

/**
 * The three forms of the setter (protocol §4.2): an array of `{key, value[, namespace]}`, an
 * object with exactly `key` and `value`, or an object of `key: value` pairs. Anything else
 * (including an empty array or object: nothing to set) is `null`, refused as 'Invalid parameter'.
 */
export function preferenceEntries(input: unknown, defaultNamespace: string): PreferenceEntry[] | null {
  if (Array.isArray(input)) {
    if (input.length === 0 || !input.every(isArrayEntry)) return null;
    return input.map(({ key, value, namespace }) => ({
      namespace: namespace ?? defaultNamespace,
      name: key,
      value,
    }));
  }
  if (!isPlainObject(input)) return null;
  const names = Object.keys(input);
  if (names.length === 0) return null;
  if (names.length === 2 && 'key' in input && 'value' in input) {
    if (typeof input.key !== 'string' || input.key === '') return null;
    return [{ namespace: defaultNamespace, name: input.key, value: input.value }];
  }
  return names.map((name) => ({ namespace: defaultNamespace, name, value: input[name] }));
}
