import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { gte, lte, minLength, nonnegative, positive } from '../../../streams/core/bounds';

/** The issues a parse finds, without the fields that name the check object itself. */
function issuesOf(schema: z.ZodMiniType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map(({ code, path, ...rest }) => ({ code, path, ...rest }));
}

describe('the bounds written out of zod', () => {
  it.each([
    [
      'minLength(2), a string',
      z.string().check(minLength(2)),
      z.string().check(z.minLength(2)),
      ['ab', 'a', ''],
    ],
    [
      'minLength(1), an array',
      z.array(z.int()).check(minLength(1)),
      z.array(z.int()).check(z.minLength(1)),
      [[1], []],
    ],
    ['gte(1)', z.int().check(gte(1)), z.int().check(z.gte(1)), [1, 2, 0, -3]],
    ['lte(1)', z.number().check(lte(1)), z.number().check(z.lte(1)), [1, 0.5, 1.5]],
    ['nonnegative()', z.int().check(nonnegative()), z.int().check(z.nonnegative()), [0, 3, -1]],
    ['positive()', z.int().check(positive()), z.int().check(z.positive()), [1, 0, -1]],
  ] as const)(
    '%s accepts and refuses what zod’s own check does, with the same issue',
    (_, ours, zods, values) => {
      for (const value of values) {
        expect(issuesOf(ours, value), JSON.stringify(value)).toEqual(
          issuesOf(zods, value).map(({ message: _message, ...issue }) => ({
            ...issue,
            message: expect.any(String),
          })),
        );
      }
    },
  );

  it('is not run on a value of the wrong type: the type’s issue alone', () => {
    expect(issuesOf(z.string().check(minLength(1)), 3)).toEqual([
      expect.objectContaining({ code: 'invalid_type', expected: 'string' }),
    ]);
  });

  it('reaches the path of the field it checks', () => {
    expect(issuesOf(z.object({ name: z.string().check(minLength(1)) }), { name: '' })).toEqual([
      expect.objectContaining({ code: 'too_small', minimum: 1, path: ['name'] }),
    ]);
  });
});
