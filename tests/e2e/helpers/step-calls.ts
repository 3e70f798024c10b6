import type { LoggedRequest } from '../../../mocks/runtime';
import { mockControl } from './portal';

/**
 * The calls one step of a journey sends, read from the demo server's request log
 * (UI-CONTRACT "Demo server": `GET /__mock/requests`): the portal is let settle, the step runs,
 * the portal settles again, and what came in between is the step's.
 */

const serverLog = async () => (await mockControl('requests')) as LoggedRequest[];

/**
 * A call of the portal: the API (the app's own files are not calls), less the thumbnails, which are
 * images the browser loads (protocol §1.1).
 */
const isPortalCall = (request: LoggedRequest): boolean =>
  (request.path.startsWith('/api/') || request.path.includes('/rest/')) &&
  request.path !== '/api/wedia/dam/variation';

/** `METHOD path {query}`, as a failed expectation lists the calls. */
export const describeCall = (request: LoggedRequest): string =>
  `${request.method} ${request.path}${Object.keys(request.query).length > 0 ? ` ${JSON.stringify(request.query)}` : ''}`;

/** Waits until no `counted` request came in for `quietMs`; returns the log's length then. */
async function settle(counted: (request: LoggedRequest) => boolean, quietMs = 800): Promise<number> {
  let count = -1;
  let length = 0;
  for (let round = 0; round < 40; round++) {
    const log = await serverLog();
    length = log.length;
    const now = log.filter(counted).length;
    if (now === count) return length;
    count = now;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
  return length;
}

/**
 * Settles, runs `step`, settles again and returns the `counted` calls the step sent. `sent` gives
 * them while the step runs, for a step that waits for one of them. A page that keeps polling (a
 * job's changes) is settled on the calls counted only.
 */
export async function stepCalls(
  step: (sent: () => Promise<LoggedRequest[]>) => Promise<unknown>,
  counted: (request: LoggedRequest) => boolean = isPortalCall,
): Promise<LoggedRequest[]> {
  const mark = await settle(counted);
  const sent = async () => (await serverLog()).slice(mark).filter(counted);
  await step(sent);
  await settle(counted);
  return sent();
}
