import { NEVER, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { type Config, config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import type { AppError } from '../../../streams/core/errors';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import type { SessionVault } from '../../../streams/core/session-vault';
import type { Store } from '../../../streams/core/store';
import { downloadsDomain } from '../../../streams/downloads/domain';
import { type DownloadRecord, requested } from '../../../streams/downloads/events';
import type { RootState } from '../../../streams/root';
import { epicStore } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

/** The downloads epics over a fake server, shared by the downloads' marble tests. */
export const P = config.downloadPollMs;
export const ok = { size: 100, maxSize: 1000, refused: false, warnSize: 500, warn: false };
export const options = {
  profile: 'originals',
  withContactSheet: true,
  withAssetsDescriptions: true,
  sendLinkByEmail: false,
  selection: {},
};
export const start = requested({ cartId: '7', downloadName: 'Spring', shared: false, ...options });
/** the id the reducer gives the first event a test store stamps (at 0, id e1) */
export const ID = '7-0-e1';
export const URL_Z1 = '/api/wedia/cart/downloadCart/z1';

export type Response = HttpResponse<unknown>;
export type Answer = (request: HttpRequest<unknown>, rank: number) => Observable<Response>;
/** answers by call: `testZipCart`, `zipCart`, `viewCart`, `profiles`, or `head` (readiness) */
export type Answers = Partial<Record<string, Answer>>;

export const kindOf = (request: HttpRequest<unknown>) =>
  request.method === 'HEAD' ? 'head' : request.path.split('/')[3]!;

/**
 * A store running every downloads epic over a fake server; `seen` holds the virtual time of each
 * call by kind.
 */
export function setup(
  scheduler: TestScheduler,
  answers: Answers,
  overrides: { session?: SessionVault; config?: Partial<Config> } = {},
) {
  const seen: Record<string, number[]> = {};
  const http = fakeHttp((request) => {
    const kind = kindOf(request);
    seen[kind] = [...(seen[kind] ?? []), scheduler.now()];
    return answers[kind]?.(request, seen[kind].length - 1) ?? NEVER;
  });
  const deps = testDeps({ scheduler, http, ...overrides });
  const store = epicStore(deps, domainEpics<RootState>(downloadsDomain));
  return { deps, http, store, seen };
}

export type Cold = Parameters<Parameters<TestScheduler['run']>[0]>[0]['cold'];

export const answer = (cold: Cold, data: unknown, status = 200) => cold('(r|)', { r: { status, data } });
export const failing = (cold: Cold, error: AppError) => cold<Response>('#', undefined, error);

/** Every call answered at once: size ok, zip `z1`, readiness by rank from `heads` (200 after). */
export function happy(cold: Cold, heads: number[] = []): Answers {
  return {
    testZipCart: () => answer(cold, ok),
    zipCart: () => answer(cold, 'z1'),
    head: (_request, rank) => answer(cold, undefined, heads[rank] ?? 200),
  };
}

export const recordOf = (store: Store<RootState>, id = ID): DownloadRecord | undefined =>
  store.getState().downloads.records[id];
