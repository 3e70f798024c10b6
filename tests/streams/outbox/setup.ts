import { type Observable, Subject } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { cartsDomain } from '../../../streams/carts/domain';
import { listLoaded } from '../../../streams/carts/events';
import { domainEpics } from '../../../streams/core/epic';
import { AppError, ERROR_CODES } from '../../../streams/core/errors';
import type { AnyEvent } from '../../../streams/core/event';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { outboxDomain } from '../../../streams/outbox/domain';
import type { OutboxEntry } from '../../../streams/outbox/events';
import { selectOutboxEntries } from '../../../streams/outbox/selectors';
import type { RootState } from '../../../streams/root';
import { whoAmILoaded } from '../../../streams/session/events';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, memoryDurable, testDeps } from '../../helpers/test-deps';
import { aCart } from '../carts/fixtures';

/** What the outbox's carts tests share: alice, her two carts, an http and a browser under control. */
export const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const epics = domainEpics<RootState>(cartsDomain, outboxDomain);
export const offline = new AppError({ code: ERROR_CODES.network, message: 'Failed to fetch' });
export const listed = listLoaded({
  carts: [
    aCart({ id: '4', name: 'Before' }),
    aCart({ id: '5', name: 'Other', items: { asset: ['1'] }, total: 1 }),
  ],
});
type Reply = (request: HttpRequest<unknown>, now: number) => Observable<HttpResponse<unknown>> | 'fail';
/** Alice's carts, an http answering through `reply` (`'fail'`: with `failure`), the browser's events through `network`. */
export function setup(reply: Reply, failure: AppError = offline, records?: Map<string, unknown>) {
  const scheduler = marbleScheduler();
  const http = fakeHttp((request) => {
    const answer = reply(request, scheduler.now());
    return answer === 'fail' ? scheduler.createColdObservable('-#', {}, failure) : answer;
  });
  const network = new Subject<boolean>();
  const durable = memoryDurable(records);
  const seen: Array<[number, string]> = [];
  const start = () => {
    const store = epicStore(
      testDeps({ scheduler, http, durable, network: { online$: network } }),
      epics,
      fold([listed]),
    );
    store.event$.subscribe((event: AnyEvent) => seen.push([scheduler.now(), event.type]));
    return store;
  };
  const answered = (data: unknown) => scheduler.createColdObservable('-r|', { r: { status: 200, data } });
  return { scheduler, http, network, durable, seen, start, answered };
}

export const paths = (requests: HttpRequest<unknown>[]) =>
  requests.map((request) => `${request.method} ${request.path}`);
export const outboxEvents = (seen: Array<[number, string]>) =>
  seen.filter(([, type]) => type.startsWith('outbox/'));

/**
 * The browser says it is offline just after the start and back online at 10 s; `back` runs first
 * (the fake server answers from then on).
 */
export function offlineUntil10s(scheduler: TestScheduler, network: Subject<boolean>, back: () => void): void {
  scheduler.schedule(() => network.next(false), 1);
  scheduler.schedule(() => {
    back();
    network.next(true);
  }, 10_000);
}

/** What a conflict test reads once its scheduler has run: the entry decided on, and the state after. */
export interface Decided {
  conflict?: OutboxEntry;
  state?: RootState;
}

/**
 * At 15 s (after the resend of `offlineUntil10s`) the first pending entry is read and `choose`
 * ("Keep mine" / "Keep theirs") applied to it; at 20 s the state is read. Filled while it runs.
 */
export function decideAt15s(
  scheduler: TestScheduler,
  store: { getState(): RootState; dispatch(event: never): void },
  choose?: (entryId: string) => unknown,
): Decided {
  const decided: Decided = {};
  scheduler.schedule(() => {
    decided.conflict = selectOutboxEntries(store.getState())[0];
    if (choose && decided.conflict) store.dispatch(choose(decided.conflict.id) as never);
  }, 15_000);
  scheduler.schedule(() => {
    decided.state = store.getState();
  }, 20_000);
  return decided;
}
