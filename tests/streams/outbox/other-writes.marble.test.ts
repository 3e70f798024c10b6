import { of, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { domainEpics, type Epic } from '../../../streams/core/epic';
import { AppError, ERROR_CODES } from '../../../streams/core/errors';
import type { AnyEvent, UnstampedEvent } from '../../../streams/core/event';
import type { HttpRequest } from '../../../streams/core/http';
import { entitiesDomain } from '../../../streams/entities/domain';
import { draftSaveRequested } from '../../../streams/entities/events';
import { outboxDomain } from '../../../streams/outbox/domain';
import { preferencesDomain } from '../../../streams/preferences/domain';
import { setRequested } from '../../../streams/preferences/events';
import type { RootState } from '../../../streams/root';
import { savedSearchesDomain } from '../../../streams/saved-searches/domain';
import {
  collaboratorsAddRequested,
  deleteRequested,
  listLoaded,
} from '../../../streams/saved-searches/events';
import { whoAmILoaded } from '../../../streams/session/events';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { savedSearch } from '../saved-searches/fixtures';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const offline = new AppError({ code: ERROR_CODES.network, message: 'Failed to fetch' });

/**
 * Offline until the browser says it is back at 10 s; `online` answers each request after that.
 * `write`: the write, after the events that set the scene when it is a list.
 */
function run(
  epics: Epic<RootState>,
  write: UnstampedEvent | UnstampedEvent[],
  online: (request: HttpRequest<unknown>) => unknown,
) {
  const scheduler = marbleScheduler();
  let up = false;
  const http = fakeHttp((request) =>
    up
      ? scheduler.createColdObservable('-r|', { r: { status: 200, data: online(request) } })
      : scheduler.createColdObservable('-#', {}, offline),
  );
  const network = new Subject<boolean>();
  const types: string[] = [];
  const durable = { read: () => of(undefined), write: () => of(undefined) };
  scheduler.run(({ hot }) => {
    const store = epicStore(
      testDeps({ scheduler, http, durable, network: { online$: network } }),
      epics,
      fold([]),
    );
    store.event$.subscribe((event: AnyEvent) => types.push(event.type));
    const events = [alice, write].flat();
    const frames = Object.fromEntries(events.map((event, index) => [String(index), event]));
    hot(Object.keys(frames).join(' '), frames).subscribe((event) => store.dispatch(event));
    scheduler.schedule(() => network.next(false), 1);
    scheduler.schedule(() => {
      up = true;
      network.next(true);
    }, 10_000);
  });
  return { http, types: types.filter((type) => type.startsWith('outbox/')) };
}

const paths = (requests: HttpRequest<unknown>[]) =>
  requests.map((request) => `${request.method} ${request.path}`);

describe('saved searches, preferences and metadata are kept too (issue 25)', () => {
  it('a preference set offline is sent again once online (a value set twice is set once: no read first)', () => {
    const { http, types } = run(
      domainEpics<RootState>(preferencesDomain, outboxDomain),
      setRequested({ input: { key: 'pageSize', value: 50 } }),
      () => ({ response: { data: { value: '50' } } }),
    );
    expect(types).toEqual([
      'outbox/restored',
      'outbox/connectivityChanged',
      'outbox/queued',
      'outbox/retryDue',
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/resent',
    ]);
    expect(paths(http.requests).filter((path) => path.startsWith('POST /json/userpref'))).toEqual([
      'POST /json/userpref',
      'POST /json/userpref',
    ]);
  });

  it('a saved search deleted offline whose deletion had reached the server is not deleted again', () => {
    const { http, types } = run(
      domainEpics<RootState>(savedSearchesDomain, outboxDomain),
      deleteRequested({ id: '3' }),
      () => [],
    );
    expect(types.slice(-2)).toEqual(['outbox/resendStarted', 'outbox/alreadySaved']);
    expect(paths(http.requests).filter((path) => path.includes('delete'))).toHaveLength(1);
  });

  it('collaborators invited offline to a saved search: back, the search with a subscriber it did not have went through (not invited twice)', () => {
    // as the list's schema leaves them: ids as text
    const search = (subscribers: string[]) => ({
      id: '3',
      name: 'Lakes',
      owner: { id: '1' },
      subscribers: subscribers.map((id) => ({ id })),
      data: { path: 'dam/data/asset' },
    });
    const invite = [
      listLoaded({ searches: [savedSearch('3', { name: 'Lakes' })] }),
      collaboratorsAddRequested({ id: '3', collaborators: ['bob'], url: 'http://portal/search' }),
    ];
    const through = run(domainEpics<RootState>(savedSearchesDomain, outboxDomain), invite, () => [
      search(['1', '2']),
    ]);
    expect(through.types.slice(-2)).toEqual(['outbox/resendStarted', 'outbox/alreadySaved']);
    expect(paths(through.http.requests).filter((path) => path.includes('addcollaborators'))).toHaveLength(1);
    const notYet = run(domainEpics<RootState>(savedSearchesDomain, outboxDomain), invite, () => [
      search(['1']),
    ]);
    expect(notYet.types.slice(-3)).toEqual(['outbox/resendStarted', 'outbox/checked', 'outbox/resent']);
    expect(paths(notYet.http.requests).filter((path) => path.includes('addcollaborators'))).toHaveLength(2);
  });

  it('a metadata save of an asset is kept; the save of an asset not created yet is not (done twice, it would make two)', () => {
    const kept = run(
      domainEpics<RootState>(entitiesDomain, outboxDomain),
      draftSaveRequested({ path: 'asset', id: 12 }),
      () => ({}),
    );
    expect(kept.types).toContain('outbox/queued');
    const created = run(
      domainEpics<RootState>(entitiesDomain, outboxDomain),
      draftSaveRequested({ path: 'asset', id: 'new-1' }),
      () => ({}),
    );
    expect(created.types).not.toContain('outbox/queued');
  });
});
