import { setupServer } from 'msw/node';
import { handlers } from './handlers/index';

/** The demo handlers intercepting `fetch` in Node: integration tests use it. */
export const server = setupServer(...handlers);
