import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { AnyEvent, UnstampedEvent } from '../../../streams/core/event';
import type { HttpRequest } from '../../../streams/core/http';
import { importsDomain } from '../../../streams/imports/domain';
import {
  itemsDeleteRequested,
  itemsPageLoaded,
  itemsSearchRequested,
  itemsTransferRequested,
  jobDeleteRequested,
  jobLoaded,
  jobWorkflowRequested,
  subJobsAddRequested,
} from '../../../streams/imports/events';
import { outboxDomain } from '../../../streams/outbox/domain';
import type { OutboxEntry } from '../../../streams/outbox/events';
import { selectOutboxEntries } from '../../../streams/outbox/selectors';
import type { RootState } from '../../../streams/root';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, memoryDurable, testDeps } from '../../helpers/test-deps';
import { alice, offlineUntil10s } from './setup';

/** Import 5 ("Shots", open) with items 1 and 2, import 9 ("Elsewhere"). */
const shots = fold([
  jobLoaded({ jobId: '5', job: { id: 5, name: 'Shots', status: 'open' } }),
  jobLoaded({ jobId: '9', job: { id: 9, name: 'Elsewhere' } }),
  itemsSearchRequested({ jobId: '5' }),
  itemsPageLoaded({
    jobId: '5',
    reset: true,
    more: false,
    items: [
      { id: 1, job: 5 },
      { id: 2, job: 5 },
    ],
  }),
]);
const serverError = new AppError({ code: 'error.http.500', message: 'Internal Server Error', status: 500 });
const notFound = new AppError({ code: 'error.http.404', message: 'Not Found', status: 404 });

type Answer = { data?: unknown } | AppError;

/**
 * Alice's write (`write`) meets a server failing every write with a 500 while the browser says it
 * is offline; back at 10 s, `answer` answers each request (undefined: 200, no body).
 */
function keptThenBack(write: UnstampedEvent, answer: (request: HttpRequest<unknown>) => Answer | undefined) {
  const scheduler = marbleScheduler();
  let back = false;
  const http = fakeHttp((request) => {
    const answered = back ? (answer(request) ?? {}) : serverError;
    return answered instanceof AppError
      ? scheduler.createColdObservable('-#', {}, answered)
      : scheduler.createColdObservable('-r|', { r: { status: 200, data: answered.data } });
  });
  const network = new Subject<boolean>();
  const outbox: string[] = [];
  let kept: OutboxEntry[] = [];
  let after: RootState | undefined;
  scheduler.run(({ hot }) => {
    const deps = testDeps({ scheduler, http, durable: memoryDurable(), network: { online$: network } });
    const store = epicStore(deps, domainEpics<RootState>(importsDomain, outboxDomain), shots);
    store.event$.subscribe((event: AnyEvent) => {
      if (event.type.startsWith('outbox/') && event.meta.at >= 10_000) outbox.push(event.type);
    });
    hot('a b', { a: alice, b: write }).subscribe((event) => store.dispatch(event));
    offlineUntil10s(scheduler, network, () => {
      back = true;
    });
    scheduler.schedule(() => {
      kept = selectOutboxEntries(store.getState());
    }, 9_000);
    scheduler.schedule(() => {
      after = store.getState();
    }, 20_000);
  });
  const writes = http.requests
    .filter((request) => request.method === 'DELETE' || request.method === 'PATCH')
    .map((request) => `${request.method} ${request.path}`);
  return { kept, outbox, writes, after: after!, requests: http.requests };
}

/** The items of import `jobId` a read by id finds: those listed. */
const itemsFound = (...ids: number[]) => ({
  data: { response: { data: ids.map((id) => ({ id, job: 5 })) } },
});
const isItemsRead = (request: HttpRequest<unknown>) => request.path === '/rest/massimport/job/5/item';

describe('import items deleted or moved during an outage are kept and sent once (issues 25, 27)', () => {
  it('two items deleted under a 500: kept as one write naming both; back, the one already gone is not deleted again', () => {
    const { kept, outbox, writes, after } = keptThenBack(
      itemsDeleteRequested({ jobId: '5', itemIds: ['1', '2'] }),
      (request) => (isItemsRead(request) ? itemsFound(2) : undefined),
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]!.label).toEqual({
      key: 'outbox.imports.itemsDelete',
      values: { count: 2, name: 'Shots' },
    });
    expect(outbox).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
    ]);
    // the two first attempts, then item 2 only: item 1 was no longer in its import
    expect(writes).toEqual([
      'DELETE /rest/massimport/data/item/1',
      'DELETE /rest/massimport/data/item/2',
      'DELETE /rest/massimport/data/item/2',
    ]);
    expect(after.imports.jobs['5']!.search!.ids).toEqual([]);
    expect(selectOutboxEntries(after)).toEqual([]);
  });

  it('items deleted whose deletion reached the server (none left in the import): not deleted again', () => {
    const { outbox, writes, after } = keptThenBack(
      itemsDeleteRequested({ jobId: '5', itemIds: ['1', '2'] }),
      (request) => (isItemsRead(request) ? itemsFound() : undefined),
    );
    expect(outbox).toEqual(['outbox/connectivityChanged', 'outbox/resendStarted', 'outbox/alreadySaved']);
    expect(writes).toHaveLength(2);
    expect(after.imports.jobs['5']!.search!.ids).toEqual([]);
  });

  it('an item moved during the outage but deleted meanwhile by someone else: told as gone, not re-created', () => {
    const { kept, outbox, writes, after } = keptThenBack(
      itemsTransferRequested({ jobId: '5', itemIds: ['1'], targetJobId: '9' }),
      (request) => {
        if (request.path === '/rest/massimport/job/9/item') return itemsFound();
        return request.method === 'PATCH' ? notFound : undefined;
      },
    );
    expect(kept[0]!.label).toEqual({
      key: 'outbox.imports.itemsMoveOne',
      values: { count: 1, name: 'Shots', target: 'Elsewhere' },
    });
    expect(outbox).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/conflicted',
    ]);
    expect(writes).toEqual(['PATCH /rest/massimport/data/item/1', 'PATCH /rest/massimport/data/item/1']);
    const [entry] = selectOutboxEntries(after);
    expect(entry?.state).toBe('conflict');
    expect(entry?.conflict?.theirs).toBeNull();
  });

  it('an item moved whose move reached the server (it is in the target import): not moved again', () => {
    const { outbox, writes, after } = keptThenBack(
      itemsTransferRequested({ jobId: '5', itemIds: ['1'], targetJobId: '9' }),
      (request) =>
        request.path === '/rest/massimport/job/9/item'
          ? { data: { response: { data: [{ id: 1, job: 9 }] } } }
          : undefined,
    );
    expect(outbox).toEqual(['outbox/connectivityChanged', 'outbox/resendStarted', 'outbox/alreadySaved']);
    expect(writes).toEqual(['PATCH /rest/massimport/data/item/1']);
    expect(after.imports.items['1']!.jobId).toBe('9');
  });

  it('an import deleted during the outage and gone when read again: not deleted twice', () => {
    const { outbox, requests } = keptThenBack(jobDeleteRequested({ jobId: '5' }), (request) =>
      request.method === 'GET' && request.path === '/rest/massimport/job/5' ? notFound : undefined,
    );
    expect(outbox).toEqual(['outbox/connectivityChanged', 'outbox/resendStarted', 'outbox/alreadySaved']);
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });
});

describe('an import’s own workflow and its sub-jobs asked during an outage are kept and sent once (issue 25)', () => {
  const isJobRead = (request: HttpRequest<unknown>) =>
    request.method === 'GET' && request.path === '/rest/massimport/job/5';
  const workflowPosts = (requests: HttpRequest<unknown>[]) =>
    requests.filter((request) => request.method === 'POST' && request.path.endsWith('/5/workflow'));

  it('“start” kept under a 500 whose import is running when read again: it went through, not asked again', () => {
    const { kept, outbox, requests } = keptThenBack(
      jobWorkflowRequested({ jobId: '5', action: 'start' }),
      (request) =>
        isJobRead(request)
          ? { data: { response: { data: { id: 5, name: 'Shots', status: 'running' } } } }
          : undefined,
    );
    expect(kept[0]!.label).toEqual({
      key: 'outbox.imports.jobWorkflow',
      values: { step: 'start', name: 'Shots' },
    });
    expect(kept[0]!.base).toBe('open');
    expect(outbox).toEqual(['outbox/connectivityChanged', 'outbox/resendStarted', 'outbox/alreadySaved']);
    expect(workflowPosts(requests)).toHaveLength(1);
  });

  it('“start” kept under a 500 whose import is still open: asked again, once', () => {
    const { outbox, requests } = keptThenBack(
      jobWorkflowRequested({ jobId: '5', action: 'start' }),
      (request) =>
        isJobRead(request)
          ? { data: { response: { data: { id: 5, name: 'Shots', status: 'open' } } } }
          : { data: { response: { data: { id: 5, name: 'Shots', status: 'running' } } } },
    );
    expect(outbox).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
    ]);
    expect(workflowPosts(requests)).toHaveLength(2);
  });

  it('sub-jobs appended under a 500 go again without a read (appended only when new: the same twice)', () => {
    const { kept, outbox, writes } = keptThenBack(
      subJobsAddRequested({ jobId: '5', subJobIds: ['9'] }),
      () => undefined,
    );
    expect(kept[0]!.label).toEqual({ key: 'outbox.imports.subJobs', values: { count: 1, name: 'Shots' } });
    expect(outbox).toEqual(['outbox/connectivityChanged', 'outbox/resendStarted', 'outbox/resent']);
    expect(writes).toEqual(['PATCH /rest/massimport/job/5', 'PATCH /rest/massimport/job/5']);
  });
});
