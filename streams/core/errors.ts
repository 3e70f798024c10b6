import * as z from 'zod/mini';

/**
 * Errors travel in events as plain JSON. Codes are hierarchical (protocol §1.9): they split on
 * `.`, `-`, `_` and `/`, so `error.rest.403/2` sits under `error.rest.403` and under `error.rest`.
 */
export const serializedErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.optional(z.int()),
  restCode: z.optional(z.string()),
  body: z.optional(z.unknown()),
  stack: z.optional(z.string()),
});
export type SerializedError = z.infer<typeof serializedErrorSchema>;

export const ERROR_CODES = {
  untrapped: 'error.wedia-vue.untrapped',
  canceled: 'error.canceled',
  network: 'error.network',
  /** no answer, and the server state could not be read back: the change may or may not be saved */
  unconfirmed: 'error.network.unconfirmed',
  invalidResponse: 'error.response.invalid',
  http: (status: number) => `error.http.${status}`,
  rest: (restCode: string) => `error.rest.${restCode}`,
} as const;

export const DEFAULT_ERROR_MESSAGE = 'An error occured';
export const NO_CODE_PROVIDED = 'NO CODE PROVIDED!';

export class AppError extends Error {
  readonly code: string;
  readonly status?: number;
  readonly restCode?: string;
  readonly body?: unknown;

  constructor(details: Omit<SerializedError, 'stack'>) {
    super(details.message);
    this.name = 'AppError';
    this.code = details.code;
    if (details.status !== undefined) this.status = details.status;
    if (details.restCode !== undefined) this.restCode = details.restCode;
    if (details.body !== undefined) this.body = details.body;
  }
}

/** Turns anything thrown into the JSON an event can carry; unknown throwables are "untrapped". */
export function serializeError(thrown: unknown): SerializedError {
  if (thrown instanceof AppError) {
    const out: SerializedError = { code: thrown.code, message: thrown.message };
    if (thrown.status !== undefined) out.status = thrown.status;
    if (thrown.restCode !== undefined) out.restCode = thrown.restCode;
    if (thrown.body !== undefined) out.body = thrown.body;
    if (thrown.stack) out.stack = thrown.stack;
    return out;
  }
  if (thrown instanceof Error) {
    const out: SerializedError = {
      code: ERROR_CODES.untrapped,
      message: thrown.message || DEFAULT_ERROR_MESSAGE,
    };
    if (thrown.stack) out.stack = thrown.stack;
    return out;
  }
  const parsed = serializedErrorSchema.safeParse(thrown);
  if (parsed.success) return parsed.data;
  return {
    code: ERROR_CODES.untrapped,
    message: typeof thrown === 'string' && thrown ? thrown : DEFAULT_ERROR_MESSAGE,
  };
}

function errorCodePath(code: string): string[] {
  return code.split(/[.\-_/]/).filter(Boolean);
}

/** The code itself, then each ancestor, most specific first: used to look up descriptions. */
export function errorCodeLineage(code: string): string[] {
  const path = errorCodePath(code);
  return path.map((_, index) => path.slice(0, path.length - index).join('.'));
}
