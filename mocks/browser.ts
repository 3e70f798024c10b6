import { setupWorker } from 'msw/browser';
import { handlers } from './handlers/index';

/** The demo handlers in a service worker, for a static build of the demo without a server. */
export const worker = setupWorker(...handlers);
