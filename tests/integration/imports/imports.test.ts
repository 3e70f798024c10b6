import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { domainEpics } from '../../../streams/core/epic';
import type { HttpRequest } from '../../../streams/core/http';
import { importsDomain } from '../../../streams/imports/domain';
import {
  analyzingCountRequested,
  changesRequested,
  collectionChangeRequested,
  countRequested,
  filesAdded,
  itemsAddRequested,
  itemsDeleteRequested,
  itemsFetchRequested,
  itemsSearchRequested,
  itemsTransferRequested,
  itemsWorkflowRequested,
  jobCreateRequested,
  jobDeleteRequested,
  jobFetchRequested,
  jobOwnerChangeRequested,
  jobWorkflowRequested,
  listFetchRequested,
  listNextRequested,
  listRegistered,
  metadataSetRequested,
  statusCountsRequested,
  subJobsAddRequested,
  validateRequested,
  wordsRequested,
  workflowListRequested,
} from '../../../streams/imports/events';
import { selectFailedUploads, selectImportJob, selectUploadQueue } from '../../../streams/imports/selectors';
import type { RootState } from '../../../streams/root';
import { portalAs } from '../../helpers/demo-portal';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reset();
  runtime.settings['imports.commandMs'] = 0;
});
afterAll(() => server.close());

/** The imports epics against the demo handlers, as `login`, every request kept. */
async function portal(login: string) {
  const opened = await portalAs(login, domainEpics<RootState>(importsDomain));
  Object.assign(opened.deps.config, { importCommandPollMs: 20, importCommandPollMaxMs: 80 });
  const sent: HttpRequest<unknown>[] = [];
  const request = opened.deps.http.request.bind(opened.deps.http);
  opened.deps.http.request = <T>(one: HttpRequest<T>) => {
    sent.push(one as HttpRequest<unknown>);
    return request(one);
  };
  return { ...opened, sent };
}

const db = () => runtime.db;
const userId = (login: string) => db().users.find((user) => user.login === login)!.id;
/** A job of the seed with items of this status (4 ready, 3 incomplete, 9 failed). */
const jobWith = (status: number) => String(db().importItems.find((item) => item.status === status)!.job);
const itemsOf = (jobId: string, status?: number) =>
  db()
    .importItems.filter(
      (item) => String(item.job) === jobId && (status === undefined || item.status === status),
    )
    .map((item) => String(item.id));

describe('mass import against the demo server (protocol §15.1)', () => {
  it('lists jobs newest first with their items and follows links.next; a job fetch; 404 → not_found', async () => {
    const { store, until, sent } = await portal('alice');
    store.dispatch(listRegistered({ name: 'all' }));
    store.dispatch(listFetchRequested({ name: 'all' }));
    let state = await until((current) => current.imports.lists.all?.status === 'loaded');
    const first = state.imports.lists.all!;
    expect(first.jobIds.length).toBeGreaterThan(0);
    expect(sent[0]).toMatchObject({
      path: '/rest/massimport/job',
      query: { orderby: 'created desc', withItems: true, maxItems: 10, withRights: true },
    });
    const job = state.imports.jobs[first.jobIds[0]!]!;
    expect(job.count).toEqual(expect.any(Number));
    if (first.next) {
      store.dispatch(listNextRequested({ name: 'all' }));
      state = await until((current) => current.imports.lists.all!.jobIds.length > first.jobIds.length);
    }
    store.dispatch(jobFetchRequested({ jobId: first.jobIds[0]! }));
    store.dispatch(jobFetchRequested({ jobId: '999999' }));
    state = await until((current) => current.imports.jobs['999999']?.status === 'not_found');
    expect(selectImportJob(state, first.jobIds[0]!)?.status).toBe('loaded');
  });

  it('creates a job (lower-cased keys), changes its owner, adds a sub-job, counts, starts it and deletes it', async () => {
    const { store, until, sent } = await portal('alice');
    store.dispatch(
      jobCreateRequested({ requestId: 'c1', description: { Name: 'Spring', Description: 'New' } }),
    );
    let state = await until((current) => current.imports.creates.c1?.status !== 'resolving');
    expect(state.imports.creates.c1).toMatchObject({ status: 'loaded' });
    const jobId = state.imports.creates.c1!.jobId!;
    expect(JSON.parse((sent[0]!.body as { multipart: { json: string } }).multipart.json)).toEqual({
      name: 'Spring',
      description: 'New',
    });

    store.dispatch(jobOwnerChangeRequested({ jobId, ownerId: userId('bob') }));
    // the job is read again after the change: the owner comes back with its name
    await until(
      (current) => (current.imports.jobs[jobId]?.data?.jobowner as { id?: number })?.id === userId('bob'),
    );
    expect(db().importJobs.find((job) => String(job.id) === jobId)!.jobowner).toBe(userId('bob'));

    const other = String(db().importJobs.find((job) => String(job.id) !== jobId)!.id);
    store.dispatch(subJobsAddRequested({ jobId, subJobIds: [other] }));
    await until(
      (current) => (current.imports.jobs[jobId]?.data?.subjobs as unknown[] | undefined)?.length === 1,
    );

    store.dispatch(countRequested({ jobId }));
    store.dispatch(analyzingCountRequested({ jobId }));
    state = await until(
      (current) => current.imports.jobs[jobId]?.count === 0 && current.imports.jobs[jobId]?.analyzing === 0,
    );

    store.dispatch(jobWorkflowRequested({ jobId, action: 'start' }));
    state = await until((current) => current.imports.jobs[jobId]?.data?.$jobstatus === 'running');
    expect(sent.filter((one) => one.path.endsWith('/workflow')).at(-1)).toMatchObject({
      method: 'POST',
      path: `/rest/massimport/data/job/${jobId}/workflow`,
      query: { workflowAction: 'start' },
    });

    store.dispatch(jobDeleteRequested({ jobId }));
    state = await until((current) => current.imports.jobs[jobId]?.deleted === true);
    expect(db().importJobs.some((job) => String(job.id) === jobId)).toBe(false);
  });

  it('a contributor deleting a job falls back to deactivating it (PATCH activated:false)', async () => {
    const { store, until, sent } = await portal('bob');
    const mine = String(db().importJobs.find((job) => job.jobowner === userId('bob'))!.id);
    store.dispatch(jobFetchRequested({ jobId: mine }));
    await until((current) => current.imports.jobs[mine]?.status === 'loaded');
    store.dispatch(jobDeleteRequested({ jobId: mine }));
    const state = await until((current) => current.imports.jobs[mine]?.deleted === true);
    expect(sent.map((one) => one.method)).toEqual(['GET', 'DELETE', 'PATCH']);
    expect(state.imports.jobs[mine]!.writeError).toBeNull();
    expect(db().importJobs.find((job) => String(job.id) === mine)!.activated).toBe(false);
  });

  it('searches items (max 200, fulltext), counts them by status, suggests words, reads changes and items by id', async () => {
    const { store, until, sent } = await portal('alice');
    const jobId = jobWith(4);
    store.dispatch(itemsSearchRequested({ jobId }));
    let state = await until((current) => current.imports.jobs[jobId]?.search?.status === 'loaded');
    expect([...state.imports.jobs[jobId]!.search!.ids].sort()).toEqual(itemsOf(jobId).sort());
    expect(sent[0]!.query).toMatchObject({
      max: 200,
      props: 'id,status',
      headers: false,
      withSimu: false,
      workflows: true,
    });

    store.dispatch(statusCountsRequested({ jobId }));
    state = await until((current) => current.imports.jobs[jobId]?.statusCounts !== null);
    expect(state.imports.jobs[jobId]!.statusCounts!.counts['4']).toBe(itemsOf(jobId, 4).length);

    const name = db().importItems.find((item) => String(item.job) === jobId)!.name;
    const typed = name.slice(0, 2).toLowerCase();
    store.dispatch(wordsRequested({ jobId, fulltext: typed }));
    state = await until((current) => current.imports.jobs[jobId]?.words?.status === 'loaded');
    expect(state.imports.jobs[jobId]!.words!.words.length).toBeLessThanOrEqual(6);

    store.dispatch(changesRequested({ jobId }));
    state = await until((current) => current.imports.jobs[jobId]!.changes.length > 0);

    const ids = itemsOf(jobId).slice(0, 3);
    store.dispatch(itemsFetchRequested({ jobId, ids }));
    state = await until(
      (current) =>
        ids.every((id) => current.imports.items[id]?.status === 'loaded') &&
        current.imports.jobs[jobId]!.resources !== null,
    );
    expect(state.imports.jobs[jobId]!.fields).toBeTruthy();
  });

  it('sets metadata, changes the collection and validates through PUT, polled through changes/{cmdIds} until done', async () => {
    const { store, until, sent } = await portal('alice');
    const jobId = jobWith(4);
    const ready = itemsOf(jobId, 4).slice(0, 2);
    const keyword = db().keywords[0]!.id;
    store.dispatch(
      metadataSetRequested({
        requestId: 'm1',
        jobId,
        itemIds: ready,
        data: { title: 'Sunny', keywords: { $mode: 'add', $values: [{ id: keyword }] } },
      }),
    );
    let state = await until((current) => current.imports.commandRequests.m1?.status === 'loaded');
    expect(sent[0]!.body).toEqual({
      json: {
        metadata: {
          ids: ready.map(Number),
          data: { title: 'Sunny', keywords: { $mode: 'add', $values: [keyword] } },
        },
      },
    });
    expect(sent.some((one) => one.path.startsWith(`/rest/massimport/job/${jobId}/changes/`))).toBe(true);
    state = await until((current) =>
      ready.every(
        (id) => (current.imports.items[id]?.data?.$assetmetadata as { title?: string })?.title === 'Sunny',
      ),
    );

    store.dispatch(collectionChangeRequested({ requestId: 'c1', jobId, itemIds: ready, resource: 'asset' }));
    await until((current) => current.imports.commandRequests.c1?.status === 'loaded');

    store.dispatch(validateRequested({ requestId: 'v1', jobId, itemIds: ready }));
    state = await until((current) => current.imports.commandRequests.v1?.status === 'loaded');
    expect(state.imports.commandRequests.v1!.validationJob).toEqual(expect.any(String));
    expect(ready.every((id) => db().importItems.find((item) => String(item.id) === id)?.status === 5)).toBe(
      true,
    );
  });

  it('moves items to another job and deletes items 3 at a time; runs one item workflow step', async () => {
    const { store, until, sent } = await portal('alice');
    const jobId = jobWith(4);
    const target = String(db().importJobs.find((job) => String(job.id) !== jobId)!.id);
    store.dispatch(itemsSearchRequested({ jobId }));
    await until((current) => current.imports.jobs[jobId]?.search?.status === 'loaded');
    const [a, b, c, d] = itemsOf(jobId, 4);
    store.dispatch(itemsTransferRequested({ jobId, itemIds: [a!, b!], targetJobId: target }));
    await until(
      (current) =>
        current.imports.jobs[jobId]!.status === 'loaded' && current.imports.items[a!]?.jobId === target,
    );
    expect(sent.filter((one) => one.method === 'PATCH').map((one) => one.body)).toEqual([
      { json: { job: Number(target) } },
      { json: { job: Number(target) } },
    ]);
    expect(itemsOf(target)).toEqual(expect.arrayContaining([a, b]));

    store.dispatch(itemsDeleteRequested({ jobId, itemIds: [c!] }));
    await until(
      (current) => current.imports.items[c!] === undefined && current.imports.jobs[jobId]!.operation === null,
    );
    expect(itemsOf(jobId)).not.toContain(c);

    store.dispatch(itemsWorkflowRequested({ jobId, itemIds: [d!], action: 'reject' }));
    await until(
      (current) =>
        (current.imports.items[d!]?.data as { $status?: number } | null)?.$status === 9 &&
        current.imports.jobs[jobId]!.operation === null,
    );
    // one item: its own shape, the action in the query and no body
    const step = sent.find((one) => one.path === `/rest/massimport/data/item/${d}/workflow`);
    expect(step).toMatchObject({ query: { workflowAction: 'reject', workflows: true } });
    expect(step!.body).toBeUndefined();
  });

  it('adds items to a job (PUT items) and lists the item workflow actions', async () => {
    const { store, until, sent } = await portal('alice');
    const jobId = jobWith(4);
    const target = String(db().importJobs.find((job) => String(job.id) !== jobId)!.id);
    const [moved] = itemsOf(jobId, 4);
    store.dispatch(itemsAddRequested({ jobId: target, itemIds: [moved!] }));
    store.dispatch(workflowListRequested({}));
    const state = await until(
      (current) => current.imports.workflows.status === 'loaded' && itemsOf(target).includes(moved!),
    );
    expect(sent.find((one) => one.method === 'PUT')).toMatchObject({
      path: `/rest/massimport/job/${target}`,
      body: { json: { items: [Number(moved)] } },
    });
    expect(state.imports.workflows.actions).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'validate' })]),
    );
  });

  it('uploads a picture as multipart (an item appears, the job counted again); a text file gets error.message.format', async () => {
    const { store, until, deps } = await portal('alice');
    const jobId = String(db().importJobs.find((job) => job.status === 'open')!.id);
    const before = itemsOf(jobId).length;
    // a 1×1 PNG
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      ),
      (char) => char.charCodeAt(0),
    );
    deps.files.set('1_1', new File([png], 'dot.png', { type: 'image/png' }));
    deps.files.set('1_2', new File(['hello'], 'note.txt', { type: 'text/plain' }));
    store.dispatch(
      filesAdded({
        jobId,
        files: [
          { id: '1_1', name: 'dot.png', size: png.length, type: 'image/png' },
          { id: '1_2', name: 'note.txt', size: 5, type: 'text/plain' },
        ],
      }),
    );
    const state = await until(
      (current) =>
        selectUploadQueue(current, jobId).every((file) => file.status === 'loaded') &&
        selectFailedUploads(current, jobId).length === 1 &&
        current.imports.jobs[jobId]?.count === before + 1,
    );
    expect(selectUploadQueue(state, jobId)).toEqual([
      expect.objectContaining({ id: '1_1', status: 'loaded', itemId: expect.any(String) }),
    ]);
    expect(selectFailedUploads(state, jobId)[0]).toMatchObject({
      name: 'note.txt',
      messageKey: 'error.message.format',
    });
    expect(itemsOf(jobId)).toHaveLength(before + 1);
  });
});
