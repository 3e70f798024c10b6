import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { AppError } from '../../../streams/core/errors';
import {
  analyzingCountRequested,
  itemsPageLoaded,
  itemsSearchRequested,
  itemsWorkflowRequested,
  jobDeleteRequested,
  jobFetchRequested,
  jobLoaded,
  jobOwnerChangeRequested,
  jobWorkflowRequested,
  statusCountsRequested,
  subJobsAddRequested,
  workflowListRequested,
} from '../../../streams/imports/events';
import {
  itemsPatchRequested,
  NO_DATA_ON_UNKNOWN_JOB,
  UNKNOWN_JOB,
} from '../../../streams/imports/manage-events';
import { selectImportWorkflowActions } from '../../../streams/imports/selectors';
import { fold, marbleScheduler } from '../../helpers/marbles';
import { isCountRequest, type Response, setup, writes } from './imports-setup';

const ok = (data: unknown = {}) => ({ status: 200, data: { response: { data } } });
const loaded = (jobId = '7') => jobLoaded({ jobId, job: { id: Number(jobId), name: 'Shoot' } });

describe('job management (issue 24; seed 001 §7, §8; seed 002 §7, §8)', () => {
  it('a write on a job the state does not hold is refused with "Job is unknown", before any request', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot }) => {
      const { store, http } = setup(scheduler, () => NEVER);
      hot('a b c d', {
        a: jobDeleteRequested({ jobId: '9' }),
        b: jobOwnerChangeRequested({ jobId: '9', ownerId: 2 }),
        c: subJobsAddRequested({ jobId: '9', subJobIds: ['3'] }),
        d: jobWorkflowRequested({ jobId: '9', action: 'start' }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests).toEqual([]);
        expect(store.getState().imports.jobs['9']!.writeError).toMatchObject({ message: UNKNOWN_JOB });
      }, 5);
    });
  });

  it('a read of a job the server said is gone is refused with "Cannot fetch data on unknown job"', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(scheduler, () =>
        cold<Response>('#', undefined, new AppError({ code: 'error.http.404', message: 'no', status: 404 })),
      );
      hot('a 9ms b c d', {
        a: jobFetchRequested({ jobId: '9' }),
        b: itemsSearchRequested({ jobId: '9' }),
        c: statusCountsRequested({ jobId: '9' }),
        d: analyzingCountRequested({ jobId: '9' }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests.map((request) => request.path)).toEqual(['/rest/massimport/job/9']);
        const job = store.getState().imports.jobs['9']!;
        expect(job.status).toBe('not_found');
        expect(job.search).toMatchObject({ status: 'error', error: { message: NO_DATA_ON_UNKNOWN_JOB } });
      }, 20);
    });
  });

  it('changes the owner with PATCH {jobowner}, then reads the job again for its name', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(
        scheduler,
        (request) =>
          cold('(a|)', {
            a: request.method === 'GET' ? ok({ id: 7, jobowner: { id: 2, name: 'Bob Durand' } }) : ok(),
          }),
        fold([loaded()]),
      );
      hot('a', { a: jobOwnerChangeRequested({ jobId: '7', ownerId: 2 }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests.map((request) => [request.method, request.path, request.body])).toEqual([
          ['PATCH', '/rest/massimport/job/7', { json: { jobowner: 2 } }],
          ['GET', '/rest/massimport/job/7', undefined],
        ]);
        expect(store.getState().imports.jobs['7']!.data!.jobowner).toEqual({ id: 2, name: 'Bob Durand' });
      }, 5);
    });
  });

  it('adds sub-jobs in append-new mode', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(scheduler, () => cold('(a|)', { a: ok() }), fold([loaded()]));
      hot('a', { a: subJobsAddRequested({ jobId: '7', subJobIds: ['3', '4'] }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests[0]!.body).toEqual({
          json: { subjobs: { $mode: 'appendnew', $values: [3, 4] } },
        });
        expect(store.getState().imports.jobs['7']!.data!.subjobs).toEqual(['3', '4']);
      }, 5);
    });
  });

  it('starts the job workflow without a body, then searches its items again in the same order and counts them', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(
        scheduler,
        (request) =>
          request.path.endsWith('/workflow')
            ? cold('(a|)', { a: ok({ id: 7, status: 'running' }) })
            : cold('(a|)', { a: { status: 200, data: { response: { data: [], total: 0 } } } }),
        fold([loaded(), itemsSearchRequested({ jobId: '7', orderby: 'name desc' })]),
      );
      hot('a', { a: jobWorkflowRequested({ jobId: '7', action: 'start' }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        const [start, ...after] = http.requests;
        expect(start).toMatchObject({
          method: 'POST',
          path: '/rest/massimport/data/job/7/workflow',
          query: { workflowAction: 'start' },
        });
        expect(start!.body).toBeUndefined();
        expect(after.find((request) => request.query?.props)!.query).toMatchObject({ orderby: 'name desc' });
        expect(after.filter(isCountRequest)).toHaveLength(2);
        expect(store.getState().imports.jobs['7']!.data!.$jobstatus).toBe('running');
      }, 5);
    });
  });

  it('searches the items in the chosen order (orderby) and keeps it on the search', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(scheduler, () =>
        cold('(a|)', { a: { status: 200, data: { response: { data: [{ id: 2 }, { id: 1 }] } } } }),
      );
      hot('a', { a: itemsSearchRequested({ jobId: '7', orderby: 'name desc' }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests[0]!.query).toMatchObject({
          orderby: 'name desc',
          max: config.jobItemsMaxPerFetch,
        });
        expect(store.getState().imports.jobs['7']!.search).toMatchObject({
          orderby: 'name desc',
          ids: ['2', '1'],
        });
      }, 5);
    });
  });

  it('counts the items by status and the analysing ones (status 2 of the job)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(scheduler, (request) =>
        cold('(a|)', {
          a: {
            status: 200,
            data: {
              response:
                request.path === '/rest/massimport/data/item'
                  ? { data: [], total: 3 }
                  : {
                      data: [],
                      total: 5,
                      aggregates: {
                        status: [
                          { count: 3, data: { id: 2 } },
                          { count: 2, data: { id: 4 } },
                        ],
                      },
                    },
            },
          },
        }),
      );
      hot('a b', {
        a: statusCountsRequested({ jobId: '7' }),
        b: analyzingCountRequested({ jobId: '7' }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests[1]!.query).toMatchObject({
          aggfields: 'job',
          query: { job: { eq: 7 }, status: { eq: 2 } },
          withData: false,
        });
        const job = store.getState().imports.jobs['7']!;
        expect(job.statusCounts).toEqual({ total: 5, counts: { '2': 3, '4': 2 } });
        expect(job.analyzing).toBe(3);
      }, 5);
    });
  });

  it('bulk patch: POST /data/item/{ids} with override PATCH and form json, then the items are read again', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(scheduler, (request) =>
        cold('(a|)', { a: request.override === 'GET' ? ok([]) : { status: 200, data: undefined } }),
      );
      hot('a b', {
        a: itemsPatchRequested({
          requestId: 'p1',
          jobId: '7',
          itemIds: ['1', '2'],
          data: { title: 'Sunrise', keywords: [{ id: 3 }, 4] },
        }),
        b: itemsPatchRequested({ requestId: 'p2', jobId: '7', itemIds: ['1'], data: { title: { no: 1 } } }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        const [patch, fetch] = writes(http.requests);
        expect(patch).toMatchObject({
          method: 'POST',
          override: 'PATCH',
          path: '/rest/massimport/data/item/1,2',
          body: { form: { json: { title: 'Sunrise', keywords: [3, 4] } } },
        });
        expect(fetch).toMatchObject({ override: 'GET', body: { form: { query: { id: { in: [1, 2] } } } } });
        const requests = store.getState().imports.commandRequests;
        expect(requests.p1).toMatchObject({ kind: 'patch', status: 'loaded' });
        expect(requests.p2).toMatchObject({
          kind: 'patch',
          status: 'error',
          message: 'cannot adapt {"no":1}',
        });
      }, 5);
    });
  });

  it("one item's workflow step uses its own shape (query, no body) and stores the answer; many use chunks", () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(
        scheduler,
        (request) =>
          cold('(a|)', {
            a: request.path.endsWith('/3/workflow') ? ok({ id: 3, $status: 5, name: 'a.png' }) : ok([]),
          }),
        fold([
          itemsPageLoaded({ jobId: '7', reset: true, more: false, items: [{ id: 3 }, { id: 4 }, { id: 5 }] }),
        ]),
      );
      hot('a 9ms b', {
        a: itemsWorkflowRequested({ jobId: '7', itemIds: ['3'], action: 'validate' }),
        b: itemsWorkflowRequested({ jobId: '7', itemIds: ['4', '5'], action: 'reject' }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        const [one, many] = writes(http.requests);
        expect(one).toMatchObject({
          method: 'POST',
          path: '/rest/massimport/data/item/3/workflow',
          query: { workflowAction: 'validate', workflows: true },
        });
        expect(one!.body).toBeUndefined();
        expect(many).toMatchObject({
          path: '/rest/massimport/data/item/4,5/workflow',
          body: { form: { workflowAction: 'reject', workflows: true } },
        });
        expect(store.getState().imports.items['3']!.data).toMatchObject({ $status: 5, name: 'a.png' });
        expect(store.getState().imports.jobs['7']!.operation).toBeNull();
      }, 20);
    });
  });

  it('loads the item workflow list (GET /rest/massimport/data/item/workflow): the actions[] of every state, once per name', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(scheduler, () =>
        cold('(a|)', {
          a: ok([
            { name: 'ready', actions: [{ name: 'validate', label: 'Validate' }, { name: 'reject' }] },
            { name: 'incomplete', actions: [{ name: 'reject', label: 'Reject' }] },
            { name: 'imported', actions: [] },
          ]),
        }),
      );
      hot('a', { a: workflowListRequested({}) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(http.requests[0]!.path).toBe('/rest/massimport/data/item/workflow');
        expect(selectImportWorkflowActions(store.getState())).toMatchObject({
          status: 'loaded',
          actions: [
            { action: 'validate', label: 'Validate' },
            { action: 'reject', label: 'reject' },
          ],
        });
      }, 5);
    });
  });
});
