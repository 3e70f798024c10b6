import { NEVER, type Observable, of } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import type { Domain } from '../../../streams/core/domain';
import { domainEpics } from '../../../streams/core/epic';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import type { Store } from '../../../streams/core/store';
import { downloadsDomain } from '../../../streams/downloads/domain';
import { commandStarted } from '../../../streams/imports/events';
import { importsDomain } from '../../../streams/imports/domain';
import type { RootState } from '../../../streams/root';
import { tabsDomain } from '../../../streams/tabs/domain';
import { joined } from '../../../streams/tabs/events';
import { aliceKnown } from '../../helpers/identities';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { type FakeTabs, fakeHttp, fakeTabs, testDeps } from '../../helpers/test-deps';
import { kindOf, ok, P, start } from '../downloads/marble-setup';

type Answer = (request: HttpRequest<unknown>, rank: number) => Observable<HttpResponse<unknown>>;

/** One tab of alice: its store, the times of its calls by kind, and its channel to the other tab. */
interface Tab {
  store: Store<RootState>;
  seen: Record<string, number[]>;
  tabs: FakeTabs;
}

/**
 * Two tabs of alice over one fake server, linked as the BroadcastChannel links them: what one posts
 * the other receives. `answers` by call kind (`head`, `changes`, ...) and rank within the tab.
 */
function twoTabs(
  scheduler: TestScheduler,
  domain: Domain<string, unknown, RootState>,
  answers: Partial<Record<string, Answer>>,
): [Tab, Tab] {
  const ends = [fakeTabs(), fakeTabs()] as const;
  const tabs = ends.map((end, index) => {
    const other = ends[1 - index]!;
    const seen: Record<string, number[]> = {};
    const http = fakeHttp((request) => {
      const kind = request.path.includes('/changes/') ? 'changes' : kindOf(request);
      seen[kind] = [...(seen[kind] ?? []), scheduler.now()];
      return answers[kind]?.(request, seen[kind].length - 1) ?? NEVER;
    });
    const port = { ...end.port, post: (message: unknown) => other.receive(message) };
    const store = epicStore(
      testDeps({ scheduler, http, tabs: port }),
      domainEpics<RootState>(domain, tabsDomain),
    );
    store.dispatch(joined({}));
    store.dispatch(aliceKnown());
    return { store, seen, tabs: end };
  });
  return [tabs[0]!, tabs[1]!];
}

const answer = (data: unknown, status = 200) => of({ status, data } as HttpResponse<unknown>);
/** The size test and the build answer at once; the readiness checks by rank. */
const zipAnswers = (heads: number[]): Partial<Record<string, Answer>> => ({
  testZipCart: () => answer(ok),
  zipCart: () => answer('z1'),
  head: (_request, rank) => answer(undefined, heads[rank] ?? 200),
});

describe('one poller among tabs: downloads (issue 25)', () => {
  it('a follower does not check its zip: the leader adopts the poll, every downloadPollMs, and the follower shows what it found', () => {
    const scheduler = marbleScheduler();
    let follower: Tab | undefined;
    let leader: Tab | undefined;
    scheduler.run(() => {
      [leader, follower] = twoTabs(scheduler, downloadsDomain as never, zipAnswers([202, 202, 200]));
      leader.tabs.grantLeadership();
      follower.store.dispatch(start);
    });
    expect(follower!.seen.zipCart).toEqual([0]);
    expect(follower!.seen.head).toBeUndefined();
    expect(leader!.seen.zipCart).toBeUndefined();
    expect(leader!.seen.head).toEqual([P, 2 * P, 3 * P]);
    const shown = follower!.store.getState().downloads.records;
    const id = Object.keys(shown)[0]!;
    expect(shown[id]).toMatchObject({ checks: 2, url: expect.stringContaining('/z1') });
    expect(leader!.store.getState().downloads.records[id]).toMatchObject({ checks: 2 });
  });

  it('when the leader closes mid-poll, the follower that leads checks every zip still building at once, exactly once, then every downloadPollMs', () => {
    const scheduler = marbleScheduler();
    const closes = P + 10;
    const leads = P + 500;
    let follower: Tab | undefined;
    let leader: Tab | undefined;
    scheduler.run(() => {
      [leader, follower] = twoTabs(scheduler, downloadsDomain as never, zipAnswers([202, 202, 200]));
      leader.tabs.grantLeadership();
      follower.store.dispatch(start);
      scheduler.schedule(() => leader!.store.destroy(), closes);
      scheduler.schedule(() => follower!.tabs.grantLeadership(), leads);
    });
    expect(leader!.seen.head).toEqual([P]);
    expect(follower!.seen.head).toEqual([leads, leads + P, leads + 2 * P]);
    expect(Object.values(follower!.store.getState().downloads.records)[0]?.status).toBe('downloaded');
  });

  it('a tab alone checks its own zip as before, and announces it to no one', () => {
    const scheduler = marbleScheduler();
    const seen: number[] = [];
    const types: string[] = [];
    scheduler.run(() => {
      const http = fakeHttp((request) => {
        if (request.method === 'HEAD') seen.push(scheduler.now());
        return zipAnswers([202, 200])[kindOf(request)]?.(request, seen.length - 1) ?? NEVER;
      });
      const store = epicStore(testDeps({ scheduler, http }), domainEpics<RootState>(downloadsDomain));
      store.event$.subscribe((event) => types.push(event.type));
      store.dispatch(start);
    });
    expect(seen).toEqual([P, 2 * P]);
    expect(types).not.toContain('downloads/announced');
    expect(types.at(-1)).toBe('downloads/handedToBrowser');
  });
});

describe('one poller among tabs: import commands (issue 25)', () => {
  const C = config.importCommandPollMs;
  const started = commandStarted({
    requestId: 'r1',
    jobId: '5',
    kind: 'metadata',
    commandIds: ['41'],
    itemIds: ['9'],
    fields: ['title'],
  });
  const changes =
    (done: boolean[]): Answer =>
    (_request, rank) =>
      answer({ response: { data: [{ id: '41', done: done[rank] ?? true }] } });

  it('a follower does not ask about its commands: the leader does, every importCommandPollMs, and the follower folds what it found', () => {
    const scheduler = marbleScheduler();
    let follower: Tab | undefined;
    let leader: Tab | undefined;
    scheduler.run(() => {
      [leader, follower] = twoTabs(scheduler, importsDomain as never, { changes: changes([false, true]) });
      leader.tabs.grantLeadership();
      follower.store.dispatch(started);
    });
    expect(follower!.seen.changes).toBeUndefined();
    expect(leader!.seen.changes).toEqual([C, 2 * C]);
    expect(follower!.store.getState().imports.commandRequests.r1?.status).toBe('loaded');
    expect(follower!.store.getState().imports.commands).toEqual({});
  });

  it('when the leader closes, the follower that leads asks about every running command once, after importCommandPollMs', () => {
    const scheduler = marbleScheduler();
    const leads = C + 300;
    let follower: Tab | undefined;
    let leader: Tab | undefined;
    scheduler.run(() => {
      [leader, follower] = twoTabs(scheduler, importsDomain as never, {
        changes: changes([false, false, true]),
      });
      leader.tabs.grantLeadership();
      follower.store.dispatch(started);
      scheduler.schedule(() => leader!.store.destroy(), C + 10);
      scheduler.schedule(() => follower!.tabs.grantLeadership(), leads);
    });
    expect(leader!.seen.changes).toEqual([C]);
    expect(follower!.seen.changes).toEqual([leads + C, leads + 2 * C, leads + 3 * C]);
    expect(follower!.store.getState().imports.commandRequests.r1?.status).toBe('loaded');
  });
});
