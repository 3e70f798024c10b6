/** The recorder's measure of what it holds, against its byte budget (`config.recorderMaxBytes`). */

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
