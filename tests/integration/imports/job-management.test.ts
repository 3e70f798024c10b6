import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_IDS } from '../../../mocks/db/users';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { as, call, MI, patch } from '../demo-server-imports/helpers';

/**
 * The demo server answers the job management calls of issue 24 as a real one would: the job's
 * owner and asset managers may, anyone else gets 403; a malformed call 400; an unknown job or item 404.
 */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const ALICE_JOB = 2;
const BOB_JOB = 5;
const itemOfJob = (job: number) => runtime.db.importItems.find((item) => item.job === job)!.id;

const bulkPatch = (ids: number[], json: string, headers: Record<string, string>) =>
  call(`${MI}/data/item/${ids.join(',')}`, {
    method: 'POST',
    headers: { ...headers, 'X-HTTP-Method-Override': 'PATCH' },
    body: new URLSearchParams({ json }),
  });
const startJob = (job: number | string, headers: Record<string, string>, action = 'start') =>
  call(`${MI}/data/job/${job}/workflow?workflowAction=${action}`, { method: 'POST', headers });

describe('job management on the demo server (issue 24; seed 001 §7)', () => {
  it('change owner: the owner and asset managers may; another contributor 403; a partner as owner 400; unknown job 404', async () => {
    const [alice, bob] = [await as('alice'), await as('bob')];
    expect((await patch(`${MI}/job/${ALICE_JOB}`, { jobowner: USER_IDS.alice }, bob)).status).toBe(403);
    expect((await patch(`${MI}/job/${BOB_JOB}`, { jobowner: USER_IDS.alice }, bob)).status).toBe(200);
    expect(runtime.db.importJobs.find((job) => job.id === BOB_JOB)!.jobowner).toBe(USER_IDS.alice);
    // bob gave it away: it is no longer his to change
    expect((await patch(`${MI}/job/${BOB_JOB}`, { jobowner: USER_IDS.bob }, bob)).status).toBe(403);
    expect((await patch(`${MI}/job/${BOB_JOB}`, { jobowner: USER_IDS.carol }, alice)).status).toBe(400);
    expect((await patch(`${MI}/job/99`, { jobowner: USER_IDS.bob }, alice)).status).toBe(404);
    expect(
      (await patch(`${MI}/job/${ALICE_JOB}`, { jobowner: USER_IDS.bob }, await as('carol'))).status,
    ).toBe(403);
  });

  it('delete: asset managers delete, the owner (a contributor) is refused and deactivates; unknown job 404', async () => {
    const [alice, bob] = [await as('alice'), await as('bob')];
    expect(
      (await call(`${MI}/job/99?withSecondaryJobs=false`, { method: 'DELETE', headers: alice })).status,
    ).toBe(404);
    expect((await call(`${MI}/job/${ALICE_JOB}`, { method: 'DELETE', headers: bob })).status).toBe(403);
    expect((await patch(`${MI}/job/${ALICE_JOB}`, { activated: false }, bob)).status).toBe(403);
    expect((await patch(`${MI}/job/${BOB_JOB}`, { activated: false }, bob)).status).toBe(200);
    expect((await patch(`${MI}/job/${BOB_JOB}`, { activated: 'no' }, bob)).status).toBe(400);
  });

  it('job workflow: the owner and asset managers start it; others 403; an unknown action 400; unknown job 404', async () => {
    const [alice, bob] = [await as('alice'), await as('bob')];
    expect((await startJob(1, bob)).status).toBe(403);
    expect((await startJob(BOB_JOB, bob, 'fly')).status).toBe(400);
    expect((await startJob(99, alice)).status).toBe(404);
    const started = await startJob(BOB_JOB, bob);
    expect(started.status).toBe(200);
    expect(started.body.response.data.status).toBe('running');
  });

  it('bulk patch: others 403, unknown item 404, a body that is not a JSON object 400', async () => {
    const [alice, bob] = [await as('alice'), await as('bob')];
    const aliceItem = itemOfJob(1);
    const bobItem = itemOfJob(BOB_JOB);
    expect((await bulkPatch([aliceItem], '{"title":"x"}', bob)).status).toBe(403);
    expect((await bulkPatch([999_999], '{"title":"x"}', alice)).status).toBe(404);
    expect((await bulkPatch([bobItem], '[1]', bob)).status).toBe(400);
    expect((await bulkPatch([bobItem], '{"nofield":1}', bob)).status).toBe(400);
    expect((await bulkPatch([bobItem, aliceItem], '{"title":"Both"}', alice)).status).toBe(200);
  });

  it('items search: orderby sorts by name or date either way; another field is a 400', async () => {
    const alice = await as('alice');
    const names = async (orderby: string) => {
      const { status, body } = await call(
        `${MI}/job/1/item?max=200&props=id,name&orderby=${encodeURIComponent(orderby)}`,
        { headers: alice },
      );
      return {
        status,
        names: status === 200 ? body.response.data.map((item: { name: string }) => item.name) : [],
      };
    };
    const asc = await names('name asc');
    const desc = await names('name desc');
    expect(asc.status).toBe(200);
    expect(desc.names).toEqual([...asc.names].reverse());
    expect((await names('$datatime desc')).status).toBe(200);
    expect((await names('password asc')).status).toBe(400);
    expect((await names('name sideways')).status).toBe(400);
  });

  it('single item workflow: the query carries the action, no body; others 403', async () => {
    const [alice, bob] = [await as('alice'), await as('bob')];
    const ready = runtime.db.importItems.find((item) => item.job === 1 && item.status === 4)!.id;
    const path = `${MI}/data/item/${ready}/workflow?workflowAction=reject&workflows=true`;
    expect((await call(path, { method: 'POST', headers: bob })).status).toBe(403);
    const { status, body } = await call(path, { method: 'POST', headers: alice });
    expect(status).toBe(200);
    expect(body.response.data).toMatchObject({ id: ready, $workflow: expect.any(Object) });
  });

  it('the workflow list and the analysing count are for those who import; a partner gets 403', async () => {
    const carol = await as('carol');
    expect((await call(`${MI}/data/item/workflow`, { headers: carol })).status).toBe(403);
    const query = encodeURIComponent(JSON.stringify({ job: { eq: 1 }, status: { eq: 2 } }));
    const analysing = `${MI}/data/item?aggfields=job&query=${query}&withData=false`;
    expect((await call(analysing, { headers: carol })).status).toBe(403);
    // bob sees none of alice's job
    expect((await call(analysing, { headers: await as('bob') })).body.response.total).toBe(0);
    expect((await call(analysing, { headers: await as('alice') })).body.response.total).toBeGreaterThan(0);
  });
});
