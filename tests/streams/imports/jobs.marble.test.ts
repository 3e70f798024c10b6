import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { AppError } from '../../../streams/core/errors';
import {
  commandStarted,
  itemsDeleteRequested,
  itemsFetchRequested,
  itemsPageLoaded,
  itemsSearchRequested,
  itemsTransferRequested,
  itemsWorkflowRequested,
  jobDeleteRequested,
  jobFetchRequested,
  jobLoaded,
  jobUnwatched,
  jobWatched,
  listFetchRequested,
  listRegistered,
  metadataSetRequested,
  validateRequested,
  wordsLoaded,
  wordsRequested,
} from '../../../streams/imports/events';
import { itemsSearchSignature } from '../../../streams/imports/api';
import { selectJobHasAnalyzingItems } from '../../../streams/imports/selectors';
import { fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { type Response, setup, writes } from './imports-setup';

const items = (ids: string[], jobId = '5') =>
  itemsPageLoaded({
    jobId,
    reset: true,
    more: false,
    items: ids.map((id) => ({ id: Number(id), job: Number(jobId) })),
  });
const ids = (count: number) => Array.from({ length: count }, (_, index) => String(index + 1));
const search = itemsSearchRequested({ jobId: '5' });

describe('jobs and items (protocol §15.1, §15.2)', () => {
  it('a list needs a name, and an unknown list is refused', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot }) => {
      const { store } = setup(scheduler, () => NEVER);
      const refusals: string[] = [];
      store.event$.subscribe((event) => {
        if (event.type === 'imports/listRefused')
          refusals.push((event.payload as { message: string }).message);
      });
      hot('a b', { a: listRegistered({}), b: listFetchRequested({ name: 'mine' }) }).subscribe(
        store.dispatch,
      );
      scheduler.schedule(() => {
        expect(refusals).toEqual([
          'Cannot register a massimport cursor without a name',
          'Cannot find massimport cursor "mine"',
        ]);
      }, 5);
    });
  });

  it('lists jobs newest first with 10 items each and follows links.next', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(scheduler, (_request, rank) =>
        cold('(a|)', {
          a: {
            status: 200,
            data: {
              response: {
                data: [{ id: rank + 1, $items: [{ id: 10 + rank }], $moreChildren_$items: { total: 4 } }],
              },
              links: rank === 0 ? { next: 'p2' } : {},
            },
          },
        }),
      );
      hot('a b c', {
        a: listRegistered({ name: 'mine' }),
        b: listFetchRequested({ name: 'mine' }),
        c: { type: 'imports/listNextRequested', payload: { name: 'mine' }, meta: { source: 'ui' } } as never,
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests[0]).toMatchObject({
          path: '/rest/massimport/job',
          query: {
            query: {},
            orderby: 'created desc',
            withItems: true,
            maxItems: config.jobListItemsPerJob,
            withRights: true,
          },
        });
        expect(http.requests[1]!.query).toMatchObject({ after: 'p2' });
        const list = store.getState().imports.lists.mine!;
        expect(list).toMatchObject({ status: 'loaded', jobIds: ['1', '2'], next: null });
        expect(store.getState().imports.jobs['1']!.count).toBe(4);
        expect(store.getState().imports.items['10']!.jobId).toBe('1');
      }, 5);
    });
  });

  it('a job fetch answering 404 ends not_found; other failures error', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store } = setup(scheduler, (request) =>
        cold<Response>(
          '#',
          undefined,
          new AppError({
            code: 'error.http.404',
            message: 'no',
            status: request.path.endsWith('/1') ? 404 : 500,
          }),
        ),
      );
      hot('a b', { a: jobFetchRequested({ jobId: '1' }), b: jobFetchRequested({ jobId: '2' }) }).subscribe(
        store.dispatch,
      );
      scheduler.schedule(() => {
        expect(store.getState().imports.jobs['1']!.status).toBe('not_found');
        expect(store.getState().imports.jobs['2']!.status).toBe('error');
      }, 5);
    });
  });

  it('a failed delete falls back to PATCH activated:false', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(
        scheduler,
        (request) =>
          request.method === 'DELETE'
            ? cold<Response>(
                '#',
                undefined,
                new AppError({ code: 'error.http.403', message: 'no', status: 403 }),
              )
            : cold('(a|)', { a: { status: 200, data: undefined } }),
        fold([jobLoaded({ jobId: '7', job: { id: 7 } })]),
      );
      hot('a', { a: jobDeleteRequested({ jobId: '7' }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests.map((request) => [request.method, request.path, request.body])).toEqual([
          ['DELETE', '/rest/massimport/job/7', undefined],
          ['PATCH', '/rest/massimport/job/7', { json: { activated: false } }],
        ]);
        expect(store.getState().imports.jobs['7']!.deleted).toBe(true);
      }, 5);
    });
  });

  it(`transfers ${config.itemTransferConcurrency} at a time, skipping busy items; the job goes fetching then loaded`, () => {
    const scheduler = marbleScheduler();
    const statuses: string[] = [];
    scheduler.run(({ hot, cold }) => {
      const start = fold([search, items(ids(8))]);
      const { store, http, peak } = setup(
        scheduler,
        (request) =>
          cold('10ms (a|)', {
            a: {
              status: 200,
              data: { response: { data: { id: Number(request.path.split('/').at(-1)), job: 9 } } },
            },
          }),
        start,
      );
      store.state$.subscribe((state) => {
        const status = state.imports.jobs['5']!.status;
        if (statuses.at(-1) !== status) statuses.push(status);
      });
      hot('a b', {
        a: itemsFetchRequested({ jobId: '5', ids: ['8'] }),
        b: itemsTransferRequested({ jobId: '5', itemIds: ids(8), targetJobId: '9' }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        const patches = http.requests.filter((request) => request.method === 'PATCH');
        // item 8 was fetching (busy): skipped
        expect(patches.map((request) => request.path)).toEqual(
          ids(7).map((id) => `/rest/massimport/data/item/${id}`),
        );
        expect(patches[0]!.body).toEqual({ json: { job: 9 } });
        expect(peak()).toBe(config.itemTransferConcurrency + 1);
        expect(store.getState().imports.items['1']!.jobId).toBe('9');
        expect(store.getState().imports.jobs['5']!.search!.ids).toEqual(['8']);
      }, 100);
    });
    expect(statuses).toEqual(['unknown', 'fetching', 'loaded']);
  });

  it(`deletes ${config.itemTransferConcurrency} at a time; a failure leaves the job in error`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http, peak } = setup(
        scheduler,
        (request) =>
          request.path.endsWith('/4')
            ? cold<Response>(
                '10ms #',
                undefined,
                new AppError({ code: 'error.http.500', message: 'x', status: 500 }),
              )
            : cold('10ms (a|)', { a: { status: 200, data: undefined } }),
        fold([search, items(ids(6))]),
      );
      hot('a', { a: itemsDeleteRequested({ jobId: '5', itemIds: ids(6) }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(writes(http.requests).map((request) => request.method)).toEqual(Array(6).fill('DELETE'));
        expect(peak()).toBe(config.itemTransferConcurrency);
        expect(store.getState().imports.jobs['5']!.status).toBe('error');
        expect(Object.keys(store.getState().imports.items)).toEqual(['4']);
        expect(store.getState().imports.items['4']!.status).toBe('error');
      }, 100);
    });
  });

  it('a delete and a move whose answers were lost are read back: done where the server did them, failed where it did not (issue 27)', () => {
    const scheduler = marbleScheduler();
    const lost = new AppError({ code: 'error.network', message: 'Failed to fetch' });
    scheduler.run(({ hot, cold }) => {
      // the server deleted 1 and moved 3 to job 9, but not 2 nor 4; no answer came for any
      const onServer: Record<string, string> = { '2': '5', '3': '9', '4': '5' };
      const { store, http } = setup(
        scheduler,
        (request) => {
          if (request.override !== 'GET') return cold<Response>('10ms #', undefined, lost);
          const job = request.path.split('/').at(-2)!;
          const asked = (request.body as { form: { query: { id: { in: number[] } } } }).form.query.id.in;
          const rows = asked
            .filter((id) => onServer[String(id)] === job)
            .map((id) => ({ id, job: Number(job) }));
          return cold('5ms (a|)', { a: { status: 200, data: { response: { data: rows } } } });
        },
        fold([search, items(ids(4))]),
      );
      hot('a b', {
        a: itemsDeleteRequested({ jobId: '5', itemIds: ['1', '2'] }),
        b: itemsTransferRequested({ jobId: '5', itemIds: ['3', '4'], targetJobId: '9' }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        const reads = http.requests.filter((request) => request.override === 'GET');
        expect(reads.map((request) => request.path)).toEqual([
          '/rest/massimport/job/5/item',
          '/rest/massimport/job/5/item',
          '/rest/massimport/job/9/item',
          '/rest/massimport/job/9/item',
        ]);
        const { items: held } = store.getState().imports;
        expect(held['1']).toBeUndefined();
        expect(held['2']!.status).toBe('error');
        expect(held['2']!.error!.code).toBe('error.network');
        expect(held['3']!.jobId).toBe('9');
        expect(held['4']!.status).toBe('error');
        expect(store.getState().imports.jobs['5']!.search!.ids).toEqual(['2', '4']);
      }, 100);
    });
  });

  it('a lost answer whose read back fails too is said as unconfirmed (issue 27)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store } = setup(
        scheduler,
        () =>
          cold<Response>(
            '10ms #',
            undefined,
            new AppError({ code: 'error.network', message: 'Failed to fetch' }),
          ),
        fold([search, items(ids(1))]),
      );
      hot('a', { a: itemsDeleteRequested({ jobId: '5', itemIds: ['1'] }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(store.getState().imports.items['1']!.error!.code).toBe('error.network.unconfirmed');
      }, 100);
    });
  });

  it(`runs an item workflow in chunks of ${config.workflowIdChunk} ids, one after another, each fetched again`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, http, times } = setup(scheduler, (request) =>
        request.method === 'POST' && request.override === 'GET'
          ? cold('(a|)', { a: { status: 200, data: { response: { data: [] } } } })
          : cold('10ms (a|)', { a: { status: 200, data: undefined } }),
      );
      hot('a', { a: itemsWorkflowRequested({ jobId: '5', itemIds: ids(120), action: 'analyze' }) }).subscribe(
        store.dispatch,
      );
      expectObservable(typesOf(store, 'imports/itemsWorkflow')).toBe('a 9ms b 9ms b 9ms (bc)', {
        a: 'imports/itemsWorkflowRequested',
        b: 'imports/itemsWorkflowChunkApplied',
        c: 'imports/itemsWorkflowFinished',
      });
      scheduler.schedule(() => {
        const workflows = http.requests.filter((request) => request.path.endsWith('/workflow'));
        expect(workflows.map((request) => request.path.split('/')[5]!.split(',').length)).toEqual([
          50, 50, 20,
        ]);
        expect(workflows[0]!.body).toEqual({ form: { workflowAction: 'analyze', workflows: true } });
        expect(http.requests.filter((request) => request.override === 'GET')).toHaveLength(3);
        // each chunk leaves when the one before answered
        expect(
          http.requests.flatMap((request, index) =>
            request.path.endsWith('/workflow') ? [times[index]] : [],
          ),
        ).toEqual([0, 10, 20]);
      }, 100);
    });
  });

  it('items by id: none does nothing, more than 200 is refused with the advice, a failure marks them error', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(scheduler, () =>
        cold<Response>('#', undefined, new AppError({ code: 'error.http.500', message: 'x', status: 500 })),
      );
      const refusals: string[] = [];
      store.event$.subscribe((event) => {
        if (event.type === 'imports/itemsFetchRefused')
          refusals.push((event.payload as { message: string }).message);
      });
      hot('a b c', {
        a: itemsFetchRequested({ jobId: '5', ids: [] }),
        b: itemsFetchRequested({ jobId: '5', ids: ids(201) }),
        c: itemsFetchRequested({ jobId: '5', ids: ['1', '2'] }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests).toHaveLength(1);
        expect(http.requests[0]).toMatchObject({
          method: 'POST',
          override: 'GET',
          path: '/rest/massimport/job/5/item',
          body: {
            form: {
              headers: false,
              withRights: true,
              withSimu: true,
              workflows: true,
              query: { id: { in: [1, 2] } },
            },
          },
        });
        expect(refusals).toEqual([
          'Cannot retrieve so many items at once. received 201. Please ask at most 200 items per call, and preferably 50.',
        ]);
        expect(store.getState().imports.items['1']!.status).toBe('error');
      }, 5);
    });
  });

  it('a search follows links.moreResultsToken with max=200 until it is absent', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(scheduler, (_request, rank) =>
        cold('(a|)', {
          a: {
            status: 200,
            data: {
              response: { data: [{ id: rank + 1 }] },
              links: rank < 2 ? { moreResultsToken: `t${rank}` } : {},
            },
          },
        }),
      );
      hot('a', { a: itemsSearchRequested({ jobId: '5', fulltext: 'cat' }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests.map((request) => request.query!.after)).toEqual([undefined, 't0', 't1']);
        expect(http.requests[0]!.query).toMatchObject({
          max: 200,
          fulltext: 'cat',
          props: 'id,status',
          workflows: true,
          state: itemsSearchSignature({ fulltext: 'cat' }),
        });
        // every page of one search carries the same signature
        expect(new Set(http.requests.map((request) => request.query!.state)).size).toBe(1);
        expect(itemsSearchSignature({ fulltext: 'dog' })).not.toBe(itemsSearchSignature({ fulltext: 'cat' }));
        expect(itemsSearchSignature({ query: { status: { eq: 3 } } })).not.toBe(itemsSearchSignature({}));
        expect(store.getState().imports.jobs['5']!.search).toMatchObject({
          status: 'loaded',
          ids: ['1', '2', '3'],
        });
      }, 5);
    });
  });
});

describe('metadata commands (protocol §15.1, §15.2)', () => {
  const P = config.importCommandPollMs;

  it(`polls changes/{cmdIds} every importCommandPollMs (${P} ms) until done, backing off after a failure, then fetches the items again`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const seen: number[] = [];
      const { store, http } = setup(scheduler, (request) => {
        if (request.method === 'PUT')
          return cold('(a|)', {
            a: { status: 200, data: { response: { data: {}, $action: { commands: [41] } } } },
          });
        if (request.path.includes('/changes/')) {
          seen.push(scheduler.now());
          if (seen.length === 2)
            return cold<Response>(
              '#',
              undefined,
              new AppError({ code: 'error.http.503', message: 'busy', status: 503 }),
            );
          return cold('(a|)', {
            a: { status: 200, data: { response: { data: [{ id: 41, done: seen.length === 3 }] } } },
          });
        }
        return cold('(a|)', { a: { status: 200, data: { response: { data: [] } } } });
      });
      hot('a', {
        a: metadataSetRequested({
          requestId: 'r1',
          jobId: '5',
          itemIds: ['1', '2'],
          data: { keywords: [{ id: 3 }, 4] },
        }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests[0]).toMatchObject({
          method: 'PUT',
          path: '/rest/massimport/job/5',
          body: { json: { metadata: { ids: [1, 2], data: { keywords: [3, 4] } } } },
        });
        // P, then P again, then a failure: the next waits 2 P
        expect(seen).toEqual([P, 2 * P, 4 * P]);
        expect(writes(http.requests).at(-2)!.path).toBe('/rest/massimport/job/5/changes/41');
        expect(writes(http.requests).at(-1)).toMatchObject({
          override: 'GET',
          body: { form: { query: { id: { in: [1, 2] } } } },
        });
        expect(store.getState().imports.commands).toEqual({});
        expect(store.getState().imports.commandRequests.r1!.status).toBe('loaded');
      }, 20 * P);
    });
  });

  it('refuses a value that is not an id (cannot adapt), and a validate answer without validationJob', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store } = setup(scheduler, () =>
        cold('(a|)', { a: { status: 200, data: { response: { data: {}, $action: { commands: [1] } } } } }),
      );
      hot('a b', {
        a: metadataSetRequested({
          requestId: 'r1',
          jobId: '5',
          itemIds: ['1'],
          data: { keywords: { name: 'x' } },
        }),
        b: validateRequested({ requestId: 'r2', jobId: '5', itemIds: ['1'] }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(store.getState().imports.commandRequests.r1).toMatchObject({
          status: 'error',
          message: 'cannot adapt {"name":"x"}',
        });
        expect(store.getState().imports.commandRequests.r2).toMatchObject({
          status: 'error',
          message: 'Invalid REST API response for validate command',
        });
      }, 5);
    });
    expect(commandStarted.type).toBe('imports/commandStarted');
  });
});

describe('following the items being analysed (issue 15)', () => {
  it('asks their changes every importChangesPollMs while the job is watched and has analysing items', () => {
    const analysing = itemsPageLoaded({
      jobId: '5',
      reset: true,
      more: false,
      items: [
        { id: 1, job: 5, $status: 2 },
        { id: 2, job: 5, $status: 3 },
      ],
    });
    const from = fold([search, analysing]);
    expect(selectJobHasAnalyzingItems(from, '5')).toBe(true);
    expect(selectJobHasAnalyzingItems(fold([search, items(['1'])]), '5')).toBe(false);
    const scheduler = marbleScheduler();
    const poll = config.importChangesPollMs;
    scheduler.run(({ hot }) => {
      const { store } = setup(scheduler, () => NEVER, from);
      const asked: number[] = [];
      store.event$.subscribe((event) => {
        if (event.type === 'imports/changesRequested') asked.push(scheduler.now());
      });
      hot(`a ${2 * poll + 10}ms b`, {
        a: jobWatched({ jobId: '5' }),
        b: jobUnwatched({ jobId: '5' }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => expect(asked).toEqual([poll, 2 * poll]), 4 * poll);
    });
  });

  it('keeps config.typeaheadMaxWords of the words suggested for a job', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const many = Array.from({ length: config.typeaheadMaxWords + 3 }, (_, index) => `word${index}`);
      const { store } = setup(scheduler, () =>
        cold('-a|', { a: { status: 200, data: { response: { data: many } } } as Response }),
      );
      const kept: string[][] = [];
      store.event$.subscribe((event) => {
        if (wordsLoaded.match(event)) kept.push(event.payload.words);
      });
      hot('a', { a: wordsRequested({ jobId: '5', fulltext: 'wo' }) }).subscribe(store.dispatch);
      scheduler.schedule(() => expect(kept).toEqual([many.slice(0, config.typeaheadMaxWords)]), 5);
    });
  });
});
