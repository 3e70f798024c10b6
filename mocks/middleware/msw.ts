import { Readable } from 'node:stream';
import { createMiddleware } from '@mswjs/http-middleware';
import type { Request, RequestHandler } from 'express';
import type { RequestHandler as MswHandler } from 'msw';
import { STAGED_FORM_HEADER } from '../handlers/form';
import { handlers } from '../handlers/index';
import { isApiPath } from './api-paths';

/**
 * `createMiddleware` (0.10.3) streams the body from `req` when it is still readable, and otherwise
 * re-serialises `req.body` (`JSON.stringify` for JSON types, which would mangle captured bytes).
 * The request log has read the stream already, so it gets a fresh stream of the captured bytes
 * carrying the few request members it reads: method, url, headers, protocol, get() and header().
 */
function withReplayedBody(req: Request, body: Buffer): Request {
  const replay = Readable.from([body], { objectMode: false });
  return Object.assign(replay, {
    method: req.method,
    url: req.url,
    headers: req.headers,
    protocol: req.protocol,
    get: req.get.bind(req),
    header: req.header.bind(req),
  }) as unknown as Request;
}

/** Serves the protocol paths with the demo handlers; other paths go on to the next middleware. */
export function mswMiddleware(mswHandlers: MswHandler[] = handlers): RequestHandler {
  const serve = createMiddleware(...mswHandlers);
  return (req, res, next) => {
    if (!isApiPath(req.path)) return next();
    // a staged form's handler reads the form from disk (upload-staging.ts), not from the body
    if (req.headers[STAGED_FORM_HEADER]) return serve(withReplayedBody(req, Buffer.alloc(0)), res, next);
    return serve(Buffer.isBuffer(req.body) ? withReplayedBody(req, req.body) : req, res, next);
  };
}
