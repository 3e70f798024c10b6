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
import { selectOutboxEntries } from '../../../streams/outbox/selectors';
import { outboxDomain } from '../../../streams/outbox/domain';
import type { RootState } from '../../../streams/root';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, memoryDurable, testDeps } from '../../helpers/test-deps';
import { alice, offline, offlineUntil10s } from './setup';

const page = (id: number, status: number) => ({
  id,
  name: 'Home',
  template: 'landing',
  path: 'home',
  props: '{}',
  features: ['edit'],
  validchildren: [],
  version: id,
  status,
  copietravail: null,
});
const heading = {
  id: 10,
  parent: 'clubwedpagedesc_2',
  props: '{}',
  value: 'Hi',
  position: 1,
  enabled: true,
  name: 'T',
  component: 'heading',
  slot: 'main',
  features: [],
  validchildren: [],
};
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

describe('a CMS save kept offline goes again without a read (its fields written twice hold the same values)', () => {
  it('the heading changed and saved offline: saved when back online', () => {
    const changed = fold(
      [blockChanged({ path: 'home', uid: 'clubwedwidget_10', changes: { value: 'New' } })],
      editing,
    );
    const { types, entries, saves } = keptOffline(saveRequested({ path: 'home' }), 2, changed);
    expect(types).toEqual(['outbox/connectivityChanged', 'outbox/resendStarted', 'outbox/resent']);
    expect(saves).toHaveLength(2);
    expect(entries).toEqual([]);
  });
});
