import { delay, of, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { domainEpics } from '../../streams/core/epic';
import type { AnyEvent } from '../../streams/core/event';
import type { HttpRequest } from '../../streams/core/http';
import { liveInputs } from '../../streams/core/recorded-inputs';
import { outboxDomain } from '../../streams/outbox/domain';
import { pagesDomain } from '../../streams/pages/domain';
import {
  blockChanged,
  draftLoaded,
  editModeEntered,
  pageLoaded,
  saveRequested,
  workCopyLoaded,
} from '../../streams/pages/events';
import { resimulate } from '../../streams/recorder/resimulate';
import { initialRootState, type RootState } from '../../streams/root';
import { rootReducer } from '../helpers/all-domains';
import { epicStore, fold, marbleScheduler } from '../helpers/marbles';
import { fakeHttp, memoryDurable, testDeps } from '../helpers/test-deps';
import { logOf } from '../helpers/recorded-run';
import { alice, offline } from '../streams/outbox/setup';
import { cmsHeading as heading, cmsPage as page } from '../streams/outbox/cms-fixtures';

// The journey of outbox.e2e.ts "a CMS block saved with its connection cut, the page reloaded,
// back online", in virtual time: the log of the page after the reload must re-simulate.

const epics = domainEpics<RootState>(pagesDomain, outboxDomain);
const isSave = (request: HttpRequest<unknown>) => request.path.startsWith('/json/update/');

/** What the server answers a read: the work copy, its heading as it was, no files. */
function answerOf(request: HttpRequest<unknown>): unknown {
  if (request.path === '/rest/data/page/2') return { response: { data: page(2, 2) } };
  if (request.path === '/rest/data/pagewidget') return { response: { data: [heading] } };
  if (request.path === '/rest/data/pagefile') return { response: { data: [] } };
  return undefined;
}

/** Before the reload: the heading's new text saved with the connection cut, kept by the outbox. */
function keptBeforeReload(): Map<string, unknown> {
  const scheduler = marbleScheduler();
  const records = new Map<string, unknown>();
  const http = fakeHttp(() => scheduler.createColdObservable('-#', {}, offline));
  const editing = fold([
    pageLoaded({ path: 'home', page: page(1, 6), widgets: [], files: [] }),
    editModeEntered({ path: 'home' }),
    workCopyLoaded({ path: 'home', pageId: 1, workCopyId: 2 }),
    draftLoaded({ path: 'home', page: page(2, 2), widgets: [heading], files: [] }),
    blockChanged({ path: 'home', uid: 'clubwedwidget_10', changes: { value: 'New' } }),
  ]);
  scheduler.run(({ hot }) => {
    const deps = testDeps({ scheduler, http, durable: memoryDurable(records) });
    const store = epicStore(deps, epics, editing);
    hot('a b', { a: alice, b: saveRequested({ path: 'home' }) }).subscribe((event) => store.dispatch(event));
    // the reload: the tab's epics stop before the outbox's backoff sends it again
    scheduler.schedule(() => store.destroy(), 100);
  });
  return records;
}

/**
 * After the reload, recorded as the live portal records: the kept save is read back from storage
 * and goes again twice while saves are still cut (each fails, and is read back), then the saves go
 * through and the browser comes back online (it is sent again, and saved).
 */
function recordedAfterReload(records: Map<string, unknown>) {
  const scheduler = marbleScheduler();
  let cut = true;
  const http = fakeHttp((request) =>
    cut && isSave(request)
      ? scheduler.createColdObservable('-#', {}, offline)
      : scheduler.createColdObservable('-r|', { r: { status: 200, data: answerOf(request) } }),
  );
  const network = new Subject<boolean>();
  const stored = memoryDurable(records);
  // IndexedDB answers later, never within the event that asked
  const durable = { ...stored, read: (key: string) => of(stored.records.get(key)).pipe(delay(5, scheduler)) };
  const events: AnyEvent[] = [];
  scheduler.run(() => {
    const deps = testDeps({ scheduler, http, durable, network: { online$: network } });
    const store = epicStore(deps, epics, initialRootState, liveInputs(scheduler));
    store.event$.subscribe((event) => events.push(event));
    store.dispatch(alice);
    scheduler.schedule(() => {
      network.next(false);
      network.next(true);
    }, 500);
    scheduler.schedule(() => {
      cut = false;
      network.next(false);
      network.next(true);
    }, 1_000);
    scheduler.schedule(() => store.destroy(), 2_000);
  });
  return { events, saves: http.requests.filter(isSave).length };
}

describe('a CMS save kept through a reload re-simulates (issue 21, 25)', () => {
  it('the kept save sent three times after the reload, cut twice then through: its log re-simulates exactly', () => {
    const { events, saves } = recordedAfterReload(keptBeforeReload());
    expect(saves).toBe(3);
    expect(events.filter((event) => event.type === 'pages/saveStarted')).toHaveLength(3);
    const result = resimulate(logOf(events), {
      reducer: rootReducer,
      rootEpic: epics,
      initialState: initialRootState,
    });
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(events.length);
  });
});
