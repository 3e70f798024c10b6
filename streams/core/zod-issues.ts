import type * as z from 'zod/mini';

/**
 * One zod issue in words. zod/mini carries no message texts (they would weigh on the first
 * download), so the issue's code and what it expected say what was wrong.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      return `too small (minimum ${String(issue.minimum)})`;
    case 'too_big':
      return `too big (maximum ${String(issue.maximum)})`;
    case 'invalid_format':
      return `not a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `unexpected keys ${issue.keys.join(', ')}`;
    case 'custom':
      return issue.message;
    default:
      return issue.code.replace(/_/g, ' ');
  }
}
