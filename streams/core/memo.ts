/**
 * Remembers a derived value while its inputs are the same objects, so a selector hands a view the
 * same array or object until what it reads changes (views compare by reference).
 *
 * Without `keyOf` it keeps the last answer; with it, the last answer per key (a selector asked for
 * several jobs or lists at once keeps one answer for each).
 */
export function memo<I extends readonly unknown[], O>(
  derive: (...inputs: I) => O,
  keyOf?: (...inputs: I) => unknown,
): (...inputs: I) => O {
  const last = new Map<unknown, { inputs: I; output: O }>();
  return (...inputs) => {
    const key = keyOf?.(...inputs);
    const hit = last.get(key);
    if (hit && hit.inputs.length === inputs.length && hit.inputs.every((value, i) => value === inputs[i])) {
      return hit.output;
    }
    const output = derive(...inputs);
    last.set(key, { inputs, output });
    return output;
  };
}
