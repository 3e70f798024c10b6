import { defer, finalize, type Observable, tap } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { domainEpics } from '../../../streams/core/epic';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { importsDomain } from '../../../streams/imports/domain';
import type { RootState } from '../../../streams/root';
import { epicStore } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

/** The imports domain's epics over a fake server whose answers each test gives; counts requests in flight. */
export type Response = HttpResponse<unknown>;

export function setup(
  scheduler: TestScheduler,
  answer: (request: HttpRequest<unknown>, rank: number) => Observable<Response>,
  from?: RootState,
) {
  let inFlight = 0;
  let peak = 0;
  const times: number[] = [];
  const http = fakeHttp();
  http.request = ((request: HttpRequest<unknown>) => {
    http.requests.push(request);
    times.push(scheduler.now());
    const rank = http.requests.length - 1;
    return defer(() => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      let open = true;
      const end = () => {
        if (open) inFlight -= 1;
        open = false;
      };
      return answer(request, rank).pipe(tap({ next: end, error: end }), finalize(end));
    });
  }) as typeof http.request;
  const deps = testDeps({ scheduler, http });
  const store = epicStore(deps, domainEpics<RootState>(importsDomain), from);
  return { store, http, times, peak: () => peak };
}

/** The counts a change of the items' statuses asks again (imports/refreshCounts), left out of the writes. */
export const isCountRequest = (request: HttpRequest<unknown>) =>
  request.method === 'GET' &&
  (request.path === '/rest/massimport/data/item' || request.query?.withAggregates === true);
export const writes = (requests: HttpRequest<unknown>[]) =>
  requests.filter((request) => !isCountRequest(request));
