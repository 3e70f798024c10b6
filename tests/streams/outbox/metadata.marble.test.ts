import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { domainEpics } from '../../../streams/core/epic';
import { AppError, ERROR_CODES } from '../../../streams/core/errors';
import type { AnyEvent, UnstampedEvent } from '../../../streams/core/event';
import type { HttpRequest } from '../../../streams/core/http';
import { entitiesDomain } from '../../../streams/entities/domain';
import {
  draftChanged,
  draftSaveRequested,
  loaded,
  patchRequested,
  workflowRequested,
} from '../../../streams/entities/events';
import { selectDraft, selectEntity } from '../../../streams/entities/selectors';
import { outboxDomain } from '../../../streams/outbox/domain';
import { conflictSettled } from '../../../streams/outbox/events';
import { selectOutboxEntries } from '../../../streams/outbox/selectors';
import type { RootState } from '../../../streams/root';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, memoryDurable, testDeps } from '../../helpers/test-deps';
import { alice, offline, offlineUntil10s, type Decided, decideAt15s } from './setup';

const PATH = 'dam/data/asset';
const notFound = new AppError({ code: ERROR_CODES.http(404), message: 'Not found', status: 404 });
const epics = domainEpics<RootState>(entitiesDomain, outboxDomain);
/** Asset 1 as alice opened it, and her draft of its title. */
const opened = fold([
  loaded({ path: PATH, id: 1, data: { id: 1, title: 'Lake', author: 'Ann' } }),
  draftChanged({ path: PATH, id: 1, field: 'title', value: 'Mine', at: 0 }),
]);
/** Asset 1 in the state "Draft", whose step "submit" moves it on. */
const inDraft = {
  id: 1,
  title: 'Lake',
  $workflow: { state: 'draft', actions: [{ action: 'submit', label: 'Submit' }] },
};
const isStep = (request: HttpRequest<unknown>) => request.path.includes('workflow');
const isSave = (request: HttpRequest<unknown>) =>
  request.method === 'POST' && request.path === `/rest/${PATH}/1`;

/**
 * Alice saves her draft (`write`) offline; the browser says it is back at 10 s, when the server
 * holds asset 1 as `server` says (null: gone). `choose` is what she does at 15 s with a conflict;
 * the state is read at 20 s.
 */
function savedOffline(
  server: () => Record<string, unknown> | null,
  {
    choose,
    write = draftSaveRequested({ path: PATH, id: 1 }),
    from = opened,
  }: { choose?: (entryId: string) => UnstampedEvent; write?: UnstampedEvent; from?: RootState } = {},
) {
  const scheduler = marbleScheduler();
  let online = false;
  const answered = (data: unknown) => scheduler.createColdObservable('-r|', { r: { status: 200, data } });
  const http = fakeHttp((request) => {
    if (!online) return scheduler.createColdObservable('-#', {}, offline);
    if (isSave(request)) return answered({ response: { data: { id: 1, title: 'Mine', author: 'Ann' } } });
    if (isStep(request)) return answered(undefined);
    const row = server();
    return row
      ? answered({ resource: 'asset', response: { data: row } })
      : scheduler.createColdObservable('-#', {}, notFound);
  });
  const network = new Subject<boolean>();
  const seen: Array<[number, string]> = [];
  let decided: Decided = {};
  scheduler.run(({ hot }) => {
    const deps = testDeps({ scheduler, http, durable: memoryDurable(), network: { online$: network } });
    const store = epicStore(deps, epics, from);
    store.event$.subscribe((event: AnyEvent) => seen.push([scheduler.now(), event.type]));
    hot('a b', { a: alice, b: write }).subscribe((event) => store.dispatch(event as never));
    offlineUntil10s(scheduler, network, () => {
      online = true;
    });
    decided = decideAt15s(scheduler, store, choose);
  });
  const { conflict, state } = decided;
  const since = (at: number) =>
    seen.filter(([time, type]) => time >= at && type.startsWith('outbox/')).map(([, type]) => type);
  const saves = http.requests.filter(isSave);
  const steps = http.requests.filter(isStep);
  return { conflict, state, since, saves, steps, seen };
}

describe('a metadata save kept offline is read before it goes again (issue 25)', () => {
  it('the asset unchanged on the server: the draft is saved, once, when back online', () => {
    const { state, since, saves } = savedOffline(() => ({ id: 1, title: 'Lake', author: 'Ann' }));
    expect(since(10_000)).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
    ]);
    expect(saves).toHaveLength(2); // the first attempt, offline, and this one
    expect(state && selectOutboxEntries(state)).toEqual([]);
    expect(state && selectEntity(state, PATH, 1)?.data?.title).toBe('Mine');
    expect(state && selectDraft(state, PATH, 1)).toBeNull();
  });

  it('its fields already as the draft sets them (the answer was lost): not saved twice', () => {
    const { state, since, saves, seen } = savedOffline(() => ({ id: 1, title: 'Mine', author: 'Ann' }));
    expect(since(10_000)).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/alreadySaved',
    ]);
    expect(seen.filter(([at, type]) => at >= 10_000 && type === 'entities/draftSaved')).toHaveLength(1);
    expect(saves).toHaveLength(1);
    expect(state && selectDraft(state, PATH, 1)).toBeNull();
  });

  it('a field changed by someone else meanwhile: not sent, both versions shown in words', () => {
    const { conflict, since, saves } = savedOffline(() => ({ id: 1, title: 'Theirs', author: 'Ann' }));
    expect(since(10_000)).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/conflicted',
    ]);
    expect(saves).toHaveLength(1);
    expect(conflict?.conflict).toEqual({
      yours: { key: 'outbox.entities.version', values: { id: '1', fields: 'title: Mine' } },
      theirs: { key: 'outbox.entities.version', values: { id: '1', fields: 'title: Theirs' } },
      fold: expect.objectContaining({ type: 'entities/draftSaved' }),
    });
  });

  it('a field someone else changed that the draft does not set: no conflict, sent', () => {
    const { since, saves } = savedOffline(() => ({ id: 1, title: 'Lake', author: 'Bob' }));
    expect(since(10_000)).toContain('outbox/resent');
    expect(saves).toHaveLength(2);
  });

  it('"Keep mine": saved once over the server’s version', () => {
    const { state, since, saves } = savedOffline(() => ({ id: 1, title: 'Theirs', author: 'Ann' }), {
      choose: (entryId) => conflictSettled({ entryId, keep: 'mine' }),
    });
    expect(since(15_000)).toEqual([
      'outbox/conflictSettled',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
    ]);
    expect(saves).toHaveLength(2);
    expect(state && selectEntity(state, PATH, 1)?.data?.title).toBe('Mine');
  });

  it('"Keep theirs": never sent, the server’s version shown and the draft gone', () => {
    const { state, since, saves } = savedOffline(() => ({ id: 1, title: 'Theirs', author: 'Ann' }), {
      choose: (entryId) => conflictSettled({ entryId, keep: 'theirs' }),
    });
    expect(since(15_000)).toEqual(['outbox/conflictSettled', 'outbox/theirsFolded']);
    expect(saves).toHaveLength(1);
    expect(state && selectOutboxEntries(state)).toEqual([]);
    expect(state && selectEntity(state, PATH, 1)?.data?.title).toBe('Theirs');
    expect(state && selectDraft(state, PATH, 1)).toBeNull();
  });

  it('the asset deleted meanwhile: shown as gone, never sent', () => {
    const { conflict, saves } = savedOffline(() => null);
    expect(conflict?.state).toBe('conflict');
    expect(conflict?.conflict?.theirs).toBeNull();
    expect(saves).toHaveLength(1);
  });

  it('named by the asset’s name as it was when kept ("Lake.jpg"), in its label and both versions', () => {
    const named = { id: 1, name: 'Lake.jpg', title: 'Lake', author: 'Ann' };
    const { conflict } = savedOffline(() => ({ ...named, name: 'Renamed.jpg', title: 'Theirs' }), {
      from: fold([
        loaded({ path: PATH, id: 1, data: named }),
        draftChanged({ path: PATH, id: 1, field: 'title', value: 'Mine', at: 0 }),
      ]),
    });
    expect(conflict?.label).toEqual({ key: 'outbox.entities.saveNamed', values: { name: 'Lake.jpg' } });
    expect(conflict?.conflict).toEqual({
      yours: { key: 'outbox.entities.versionNamed', values: { name: 'Lake.jpg', fields: 'title: Mine' } },
      theirs: { key: 'outbox.entities.versionNamed', values: { name: 'Lake.jpg', fields: 'title: Theirs' } },
      fold: expect.objectContaining({ type: 'entities/draftSaved' }),
    });
  });

  it('a patch of fields is read first too: already there, not patched twice', () => {
    const { since, saves } = savedOffline(() => ({ id: 1, title: 'Lake', author: 'Zoe' }), {
      write: patchRequested({ path: PATH, id: 1, values: { author: 'Zoe' } }),
    });
    expect(since(10_000)).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/alreadySaved',
    ]);
    expect(saves).toHaveLength(1);
  });
});

describe('a workflow step kept offline is read before it goes again (issue 25)', () => {
  const submit = workflowRequested({ path: PATH, id: 1, action: 'submit' });

  it('the asset still in the state it was asked from: the step goes, once, when back online', () => {
    const { since, steps } = savedOffline(() => inDraft, {
      write: submit,
      from: fold([loaded({ path: PATH, id: 1, data: inDraft })]),
    });
    expect(since(10_000)).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
    ]);
    expect(steps).toHaveLength(2); // the first attempt, offline, and this one
  });

  it('the asset’s state moved on (the step went through, its answer lost): not asked again', () => {
    const moved = { ...inDraft, $workflow: { state: 'submitted', actions: [] } };
    const { state, since, steps } = savedOffline(() => moved, {
      write: submit,
      from: fold([loaded({ path: PATH, id: 1, data: inDraft })]),
    });
    expect(since(10_000)).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/alreadySaved',
    ]);
    expect(steps).toHaveLength(1);
    expect(state && selectEntity(state, PATH, 1)?.data?.$workflow).toEqual(moved.$workflow);
  });

  it('kept under the step’s label, as the asset names it', () => {
    const { conflict } = savedOffline(() => null, {
      write: submit,
      from: fold([loaded({ path: PATH, id: 1, data: inDraft })]),
    });
    expect(conflict?.label).toEqual({ key: 'outbox.entities.workflow', values: { id: '1', step: 'Submit' } });
  });

  it('an asset with a name is named by it beside the step', () => {
    const { conflict } = savedOffline(() => null, {
      write: submit,
      from: fold([loaded({ path: PATH, id: 1, data: { ...inDraft, name: 'Lake.jpg' } })]),
    });
    expect(conflict?.label).toEqual({
      key: 'outbox.entities.workflowNamed',
      values: { name: 'Lake.jpg', step: 'Submit' },
    });
  });
});
