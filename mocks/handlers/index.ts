import { http } from 'msw';
import { appHandlers } from './app';
import { configHandlers } from './config';
import { logHandlers } from './logs';
import { mediaHandlers } from './media';
import { errorResponse } from './respond';

/** Last: any other API path is a 404 with the error body, never a pass-through. */
const unknownApiPath = http.all('*/api/*', ({ request }) =>
  errorResponse(404, `Unknown API path ${request.method} ${new URL(request.url).pathname}`),
);

/** Every handler of the demo server, in matching order. */
export const handlers = [...appHandlers, ...configHandlers, ...logHandlers, ...mediaHandlers, unknownApiPath];
