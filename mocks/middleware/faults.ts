import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { errorBody } from '../handlers/respond';
import { type Fault, runtime } from '../runtime';
import { requestPath } from './api-paths';

const isRegExp = (source: string): boolean => {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
};

/**
 * Body of `POST /__mock/faults` (UI-CONTRACT); status 0 drops the connection; with `after`, the
 * first matching request is handled before its connection drops (the change is saved, the answer lost).
 */
export const faultSchema = z.strictObject({
  match: z.string().refine(isRegExp, 'match must be a regular expression'),
  rate: z.number().min(0).max(1).default(1),
  /** 0 drops the connection; 204 answers no content, 302 sends to the portal's page (HTML), 4xx/5xx an error body */
  status: z
    .union([z.literal(0), z.literal(204), z.literal(302), z.number().int().min(400).max(599)])
    .default(500),
  delayMs: z.number().int().nonnegative().default(0),
  /** with status 0: the request is handled (the change is saved), then the connection drops instead of the answer */
  after: z.boolean().default(false),
  /** only requests of this method (`HEAD`: a readiness check, not the file's download) */
  method: z.string().toUpperCase().optional(),
});

/**
 * Counts the request against the fault and tells whether it fails. Rather than draw at random,
 * the n-th matching request fails when floor(n * rate) grows: rate 0.5 fails every second one,
 * rate 1 every one, rate 0 none. The epsilon absorbs binary rounding (10 * 0.1 is 1).
 */
function failsThisTime(fault: Fault): boolean {
  fault.matched += 1;
  const failures = (count: number): number => Math.floor(count * fault.rate + 1e-9);
  return failures(fault.matched) > failures(fault.matched - 1);
}

/**
 * Drops the connection as a cut answer: one byte that is no HTTP, then the close. A bare reset
 * would not do: Chromium sends a request again when a reused connection closes before any byte of
 * the answer (it cannot tell a stale idle connection from a dropped answer), on each idle
 * connection of its pool in turn, so one POST of the portal came in 7 times. With a byte received
 * it fails the request once (ERR_INVALID_HTTP_RESPONSE; to `fetch` a network error, as a reset).
 */
function cutTheAnswer(req: Request): void {
  const socket = req.socket;
  if (!socket.writableEnded) socket.end('\0', () => socket.destroy());
}

/** Applies the first active fault that fires for this request's path; the others still count it. */
export const injectFaults: RequestHandler = (req, res, next) => {
  const path = requestPath(req.originalUrl);
  const firing = runtime.faults
    .filter((fault) => new RegExp(fault.match).test(path) && (!fault.method || fault.method === req.method))
    .filter(failsThisTime);
  const fault = firing[0];
  if (!fault) return next();
  if (fault.after && fault.status === 0 && !fault.handled) {
    // The handler runs once; whatever it answers never leaves: the connection is cut instead.
    fault.handled = true;
    const drop = () => {
      cutTheAnswer(req);
      return res;
    };
    res.writeHead = drop as typeof res.writeHead;
    res.write = (() => {
      drop();
      return true;
    }) as typeof res.write;
    res.end = drop as typeof res.end;
    return next();
  }
  setTimeout(() => {
    if (fault.status === 0) cutTheAnswer(req);
    else if (fault.status === 204) res.status(204).end();
    // what a gateway does to a session it does not know: off to a sign-in page, HTML
    else if (fault.status === 302) res.redirect(302, '/');
    else res.status(fault.status).json(errorBody(fault.status, `Fault injected on ${path}`));
  }, fault.delayMs);
};
