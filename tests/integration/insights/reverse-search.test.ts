/** Reverse image search (protocol §21) through the reverse-search epics against the demo handlers. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reverseSearchTiming } from '../../../mocks/handlers/reverse-search';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { domainEpics } from '../../../streams/core/epic';
import { reverseSearchDomain } from '../../../streams/reverse-search/domain';
import {
  featureRequested,
  permissionsRequested,
  reportRequested,
  submitRequested,
} from '../../../streams/reverse-search/events';
import {
  selectCanReverseSearch,
  selectReverseSearchFeature,
  selectReverseSearchJob,
  selectReverseSearchPermissions,
} from '../../../streams/reverse-search/selectors';
import type { RootState } from '../../../streams/root';
import { portalAs } from '../../helpers/demo-portal';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reset();
  reverseSearchTiming.jobMs = 150;
});
afterEach(() => {
  reverseSearchTiming.jobMs = 3000;
});
afterAll(() => server.close());

const epics = domainEpics<RootState>(reverseSearchDomain);
const uuidOf = (id: number) => runtime.db.assets[id - 1]!.$uuid;

/** A portal whose report checks run every 50 ms (the demo's job takes 150 ms here). */
async function portal(login: string | null) {
  const opened = await portalAs(login, epics);
  Object.assign(opened.deps.config, { reverseSearchPollMs: 50, reverseSearchPollTries: 40 });
  return opened;
}

describe('reverse image search against the demo server (protocol §21)', () => {
  it('the feature is on; alice may submit, carol may not', async () => {
    const alice = await portal('alice');
    const uuid = uuidOf(12);
    alice.store.dispatch(featureRequested({}));
    alice.store.dispatch(permissionsRequested({ uuid }));
    const state = await alice.until(
      (s) =>
        selectReverseSearchFeature(s).status === 'loaded' &&
        selectReverseSearchPermissions(s, uuid).status === 'loaded',
    );
    expect(selectReverseSearchFeature(state).enabled).toBe(true);
    expect(selectCanReverseSearch(state, uuid)).toBe(true);

    const carol = await portal('carol');
    carol.store.dispatch(featureRequested({}));
    carol.store.dispatch(permissionsRequested({ uuid }));
    const hers = await carol.until((s) => selectReverseSearchPermissions(s, uuid).status === 'loaded');
    expect(selectReverseSearchPermissions(hers, uuid)).toMatchObject({
      canSubmit: false,
      canViewReport: false,
    });
    expect(selectCanReverseSearch(hers, uuid)).toBe(false);
  });

  it('permissions of an unknown uuid give error', async () => {
    const alice = await portal('alice');
    alice.store.dispatch(permissionsRequested({ uuid: 'no-such-uuid' }));
    const state = await alice.until(
      (s) => selectReverseSearchPermissions(s, 'no-such-uuid').status === 'error',
    );
    expect(selectReverseSearchPermissions(state, 'no-such-uuid').error?.status).toBe(404);
  });

  it('submit, wait while the report runs (409), then the copies it lists show; the CSV downloads on demand, named from Content-Disposition', async () => {
    const alice = await portal('alice');
    const uuid = uuidOf(12);
    alice.store.dispatch(submitRequested({ uuid }));
    const state = await alice.until((s) => ['done', 'error'].includes(selectReverseSearchJob(s, uuid).state));
    const job = selectReverseSearchJob(state, uuid);
    expect(job).toMatchObject({ state: 'done', error: null, reported: true, fileName: null });
    expect(job.copies).not.toBeNull();
    for (const copy of job.copies ?? []) expect(copy.page).toMatch(/\/assets\/asset\/\d+$/);
    expect(job.attempts).toBeGreaterThan(0);
    expect(alice.deps.opened).toHaveLength(0);
    // the report file is an extra: asked without a submit, it downloads at once; the copies stay
    alice.store.dispatch(reportRequested({ uuid }));
    const downloaded = await alice.until(
      (s) => alice.deps.opened.length === 1 && selectReverseSearchJob(s, uuid).state === 'done',
    );
    expect(alice.deps.opened[0]).toMatch(/^blob:/);
    expect(selectReverseSearchJob(downloaded, uuid).fileName).toMatch(/^reverse-search-.+\.csv$/);
    expect(selectReverseSearchJob(downloaded, uuid).copies).toEqual(job.copies);
  });

  it('a report asked before any submit is an error (404); carol may not submit (403)', async () => {
    const alice = await portal('alice');
    const uuid = uuidOf(13);
    alice.store.dispatch(reportRequested({ uuid }));
    const state = await alice.until((s) => selectReverseSearchJob(s, uuid).state === 'error');
    expect(selectReverseSearchJob(state, uuid).error?.status).toBe(404);

    const carol = await portal('carol');
    carol.store.dispatch(submitRequested({ uuid }));
    const hers = await carol.until((s) => selectReverseSearchJob(s, uuid).state === 'error');
    expect(selectReverseSearchJob(hers, uuid).error?.status).toBe(403);
  });
});
