import type * as z from 'zod/mini';

/**
 * The bounds the lazy domains' schemas check, `z.string().check(minLength(1))`, as zod check
 * functions of our own rather than zod's check kinds (`z.minLength`, `z.gte`, …). zod is one
 * module, which the first download holds with every kind of schema or check any screen builds,
 * and the shell's schemas use none of these: written out here, they load with the code that checks
 * them (README, "The first download"). A value out of bounds gets the issue zod's own check gives
 * (`too_small` or `too_big` with the bound), so `zod-issues.ts` says it in the same words.
 */
type Check<T> = (payload: z.core.ParsePayload<T>) => void;

/** At least `minimum` characters (UTF-16 units) in a string, or items in an array. */
export function minLength(minimum: number): Check<string | readonly unknown[]> {
  return (payload) => {
    const { value } = payload;
    if (value.length >= minimum) return;
    const origin = typeof value === 'string' ? 'string' : 'array';
    payload.issues.push({ code: 'too_small', origin, minimum, inclusive: true, input: value });
  };
}

/** A number at least `minimum`. */
export function gte(minimum: number): Check<number> {
  return (payload) => {
    if (payload.value >= minimum) return;
    payload.issues.push({
      code: 'too_small',
      origin: 'number',
      minimum,
      inclusive: true,
      input: payload.value,
    });
  };
}

/** A number at most `maximum`. */
export function lte(maximum: number): Check<number> {
  return (payload) => {
    if (payload.value <= maximum) return;
    payload.issues.push({
      code: 'too_big',
      origin: 'number',
      maximum,
      inclusive: true,
      input: payload.value,
    });
  };
}

/** A number of zero or more. */
export const nonnegative = (): Check<number> => gte(0);

/** A number over zero. */
export function positive(): Check<number> {
  return (payload) => {
    if (payload.value > 0) return;
    payload.issues.push({
      code: 'too_small',
      origin: 'number',
      minimum: 0,
      inclusive: false,
      input: payload.value,
    });
  };
}
