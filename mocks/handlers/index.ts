import { http } from 'msw';
import { analyticsHandlers } from './analytics';
import { appHandlers } from './app';
import { cartHandlers } from './carts';
import { configHandlers } from './config';
import { downloadHandlers } from './downloads';
import { entityHandlers } from './entities';
import { identityHandlers } from './identity';
import { importHandlers } from './imports';
import { logHandlers } from './logs';
import { luisHandlers } from './luis';
import { mediaHandlers } from './media';
import { notificationHandlers } from './notifications';
import { pageHandlers } from './pages';
import { playerHandlers } from './players';
import { preferenceHandlers } from './preferences';
import { profileHandlers } from './profile';
import { errorResponse } from './respond';
import { reverseSearchHandlers } from './reverse-search';
import { savedSearchHandlers } from './saved-searches';
import { schemaHandlers } from './schemas';
import { searchHandlers } from './search';
import { sessionHandlers } from './session';
import { shareHandlers } from './shares';
import { treeHandlers } from './trees';

/** Last: any other API path is a 404 with the error body, never a pass-through. */
const unknownApiPath = http.all('*/api/*', ({ request }) =>
  errorResponse(404, `Unknown API path ${request.method} ${new URL(request.url).pathname}`),
);

/** Every handler of the demo server, in matching order. */
export const handlers = [
  ...appHandlers,
  ...configHandlers,
  ...logHandlers,
  ...mediaHandlers,
  ...playerHandlers,
  ...analyticsHandlers,
  ...luisHandlers,
  ...reverseSearchHandlers,
  ...sessionHandlers,
  ...identityHandlers,
  ...profileHandlers,
  ...preferenceHandlers,
  ...notificationHandlers,
  ...cartHandlers,
  ...shareHandlers,
  ...downloadHandlers,
  // schemas and trees first: the search handler takes any other path of a searchable collection
  ...schemaHandlers,
  ...treeHandlers,
  ...importHandlers,
  // CMS pages before the entity writes (/json/update/{object}/{id}) and the search handler
  ...pageHandlers,
  // entity writes and more values before the search handler, which answers entity reads
  ...entityHandlers,
  ...searchHandlers,
  ...savedSearchHandlers,
  unknownApiPath,
];
