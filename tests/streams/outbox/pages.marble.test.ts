import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { domainEpics } from '../../../streams/core/epic';
import type { AnyEvent, UnstampedEvent } from '../../../streams/core/event';
import type { HttpRequest } from '../../../streams/core/http';
import { pagesDomain } from '../../../streams/pages/domain';
import {
  blockChanged,
  draftLoaded,
  editModeEntered,
  pageLoaded,
  publishRequested,
  saveRequested,
  workCopyLoaded,
} from '../../../streams/pages/events';
import type { OutboxEntry } from '../../../streams/outbox/events';
import { selectOutboxEntries } from '../../../streams/outbox/selectors';
import { outboxDomain } from '../../../streams/outbox/domain';
import type { RootState } from '../../../streams/root';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, memoryDurable, testDeps } from '../../helpers/test-deps';
import { alice, offline, offlineUntil10s } from './setup';
import { cmsHeading as heading, cmsPage as page } from './cms-fixtures';

/** The page "home" (1) live, in edit mode on its work copy (2), with a heading. */
const editing = fold([
  pageLoaded({ path: 'home', page: page(1, 6), widgets: [], files: [] }),
  editModeEntered({ path: 'home' }),
  workCopyLoaded({ path: 'home', pageId: 1, workCopyId: 2 }),
  draftLoaded({ path: 'home', page: page(2, 2), widgets: [heading], files: [] }),
]);
const isPublish = (request: HttpRequest<unknown>) => request.path.startsWith('/json/workflow/data.page');

/** Alice saves or publishes (`write`) offline; the browser says it is back at 10 s, when the work copy's status is `status`. */
function keptOffline(write: UnstampedEvent, status = 2, from = editing) {
  const scheduler = marbleScheduler();
  let online = false;
  const http = fakeHttp((request) => {
    if (!online) return scheduler.createColdObservable('-#', {}, offline);
    const data =
      request.path === '/rest/data/page/2'
        ? { response: { data: { ...page(2, 2), status: { id: status } } } }
        : undefined;
    return scheduler.createColdObservable('-r|', { r: { status: 200, data } });
  });
  const network = new Subject<boolean>();
  const types: string[] = [];
  let entries: unknown[] = [];
  scheduler.run(({ hot }) => {
    const deps = testDeps({ scheduler, http, durable: memoryDurable(), network: { online$: network } });
    const store = epicStore(deps, domainEpics<RootState>(pagesDomain, outboxDomain), from);
    store.event$.subscribe((event: AnyEvent) => {
      if (event.type.startsWith('outbox/') && event.meta.at >= 10_000) types.push(event.type);
    });
    hot('a b', { a: alice, b: write }).subscribe((event) => store.dispatch(event));
    offlineUntil10s(scheduler, network, () => {
      online = true;
    });
    scheduler.schedule(() => {
      entries = selectOutboxEntries(store.getState());
    }, 20_000);
  });
  const saves = http.requests.filter((request) => request.path.startsWith('/json/update/'));
  return { types, entries, publishes: http.requests.filter(isPublish), saves };
}

const publish = publishRequested({ path: 'home' });

describe('a CMS publish kept offline is read before it goes again (issue 25)', () => {
  it('the work copy still a draft: published, once, when back online', () => {
    const { types, entries, publishes } = keptOffline(publish);
    expect(types).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
    ]);
    expect(publishes).toHaveLength(2); // the first attempt, offline, and this one
    expect(entries).toEqual([]);
  });

  it('the work copy live already (the publish went through, its answer lost): not published twice', () => {
    const { types, entries, publishes } = keptOffline(publish, 6);
    expect(types).toEqual(['outbox/connectivityChanged', 'outbox/resendStarted', 'outbox/alreadySaved']);
    expect(publishes).toHaveLength(1);
    expect(entries).toEqual([]);
  });
});

describe('a CMS save kept offline carries what it writes, and its blocks are read before it goes again', () => {
  const changed = fold(
    [blockChanged({ path: 'home', uid: 'clubwedwidget_10', changes: { value: 'New' } })],
    editing,
  );
  /** The heading on the server when read back: `value`. */
  function keptThenRead(value: string) {
    const scheduler = marbleScheduler();
    let online = false;
    const http = fakeHttp((request) => {
      if (!online) return scheduler.createColdObservable('-#', {}, offline);
      const data =
        request.path === '/rest/data/pagewidget'
          ? { response: { data: [{ ...heading, value }] } }
          : undefined;
      return scheduler.createColdObservable('-r|', { r: { status: 200, data } });
    });
    const network = new Subject<boolean>();
    const types: string[] = [];
    let entries: OutboxEntry[] = [];
    let kept: OutboxEntry | undefined;
    scheduler.run(({ hot }) => {
      const deps = testDeps({ scheduler, http, durable: memoryDurable(), network: { online$: network } });
      const store = epicStore(deps, domainEpics<RootState>(pagesDomain, outboxDomain), changed);
      store.event$.subscribe((event: AnyEvent) => {
        if (event.type.startsWith('outbox/') && event.meta.at >= 10_000) types.push(event.type);
      });
      hot('a b', { a: alice, b: saveRequested({ path: 'home' }) }).subscribe((event) =>
        store.dispatch(event),
      );
      offlineUntil10s(scheduler, network, () => {
        online = true;
      });
      scheduler.schedule(() => {
        kept = selectOutboxEntries(store.getState())[0];
      }, 5_000);
      scheduler.schedule(() => {
        entries = selectOutboxEntries(store.getState());
      }, 20_000);
    });
    const saves = http.requests.filter((request) => request.path.startsWith('/json/update/'));
    return { types, kept, entries, saves };
  }

  it('kept with the fields it writes and the changes typed (a reload loses the edit session, not them)', () => {
    const { kept } = keptThenRead('Hi');
    expect(kept?.payload).toMatchObject({
      path: 'home',
      kept: {
        draftId: 2,
        uids: ['clubwedwidget_10'],
        sent: [{ object: 'clubwedwidget', id: 10, fields: { prop_value: 'New' } }],
        changes: { clubwedwidget_10: { value: 'New' } },
      },
    });
  });

  it('the block still as it was: saved once when back online', () => {
    const { types, saves, entries } = keptThenRead('Hi');
    expect(types).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
    ]);
    expect(saves).toHaveLength(2);
    expect(entries).toEqual([]);
  });

  it('the block as the save sets it (its answer was lost): not saved twice', () => {
    const { types, saves } = keptThenRead('New');
    expect(types).toEqual(['outbox/connectivityChanged', 'outbox/resendStarted', 'outbox/alreadySaved']);
    expect(saves).toHaveLength(1);
  });

  it('the block changed meanwhile by someone else: a conflict with both texts, not sent', () => {
    const { types, saves, entries } = keptThenRead('Theirs');
    expect(types).toEqual(['outbox/connectivityChanged', 'outbox/resendStarted', 'outbox/conflicted']);
    expect(saves).toHaveLength(1);
    expect(entries[0]?.conflict).toEqual({
      yours: { key: 'outbox.pages.version', values: { blocks: 'New' } },
      theirs: { key: 'outbox.pages.version', values: { blocks: 'Theirs' } },
      fold: null,
    });
  });
});
