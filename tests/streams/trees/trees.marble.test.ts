import { filter, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { AnyEvent } from '../../../streams/core/event';
import type { HttpRequest } from '../../../streams/core/http';
import type { RootState } from '../../../streams/root';
import { schemasDomain } from '../../../streams/schemas/domain';
import { treesDomain } from '../../../streams/trees/domain';
import {
  fetchRefused,
  fetchRequested,
  fulltextChanged,
  nodeRevealRequested,
  registered,
  registrationRequested,
  resolveFailed,
} from '../../../streams/trees/events';
import { selectTreeAncestors, selectTreeRoots } from '../../../streams/trees/selectors';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const epics = domainEpics<RootState>(treesDomain, schemasDomain);
const register = registrationRequested({ name: 'categories', path: 'dam/data/category' });
const { treeFetchDebounceMs: fetchDelay, treeAutoloadDelayMs: autoload } = config;

const categoryHeaders = {
  resource: 'category',
  name: 'Category',
  tree: true,
  treefield: 'parent',
  headers: { name: { type: 'string' }, parent: { type: 'object', tree: true } },
};

const node = (id: number, parent: number | null, children: unknown[] = []) => ({
  id,
  name: `node ${id}`,
  parent:
    parent === null ? { $children: children } : { id: parent, name: `node ${parent}`, $children: children },
});

function treeAnswer(
  request: HttpRequest<unknown>,
  data: unknown,
  links: Record<string, string | null> = { next: null },
) {
  return {
    status: 200,
    data: { resource: 'category', response: { data, total: 2 }, links, state: request.query?.state },
  };
}

const headers = (request: HttpRequest<unknown>) =>
  request.path.endsWith('/headers') ? of({ status: 200, data: categoryHeaders }) : undefined;

describe('trees.epic', () => {
  it('asks a tree page 80 ms after the last fetch request (tree fetch delay, protocol §24)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp(
        (request) => headers(request) ?? cold('5ms r|', { r: treeAnswer(request, [node(1, null)]) }),
      );
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a 29ms a', { a: fetchRequested({ name: 'categories' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'trees/fetchStarted')).toBe(`${30 + fetchDelay}ms a`, {
        a: 'trees/fetchStarted',
      });
    });
  });

  it('a tree whose schema request failed asks it again on the next fetch ("Try again"), then loads (issue 12 item 7)', () => {
    const scheduler = marbleScheduler();
    let schemaCalls = 0;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp((request) => {
        if (!request.path.endsWith('/headers'))
          return cold('5ms r|', { r: treeAnswer(request, [node(1, null)]) });
        schemaCalls += 1;
        return schemaCalls === 1
          ? cold('5ms #', {}, new AppError({ code: 'error.http.500', message: 'boom', status: 500 }))
          : cold('5ms r|', { r: { status: 200, data: categoryHeaders } });
      });
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a 199ms a', { a: fetchRequested({ name: 'categories' }) }).subscribe(store.dispatch);
      const resolutions = typesOf(store, 'trees/resolve').pipe(filter((type) => type !== 'trees/resolving'));
      expectObservable(resolutions).toBe('5ms f 199ms r', { f: 'trees/resolveFailed', r: 'trees/resolved' });
      expectObservable(typesOf(store, 'trees/fetchStarted')).toBe(`${200 + fetchDelay}ms a`, {
        a: 'trees/fetchStarted',
      });
    });
    expect(schemaCalls).toBe(2);
  });

  it('a fetch of a tree nobody registered is refused: "Unknown tree {name}", "No name given"; a `~` name is ignored (seed 002 §8)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot }) => {
      const http = fakeHttp(() => of());
      const store = epicStore(testDeps({ scheduler, http }), epics);
      const refusals: string[] = [];
      store.event$.subscribe((event) => {
        if (fetchRefused.match(event)) refusals.push(event.payload.message);
      });
      hot('a b c', {
        a: fetchRequested({ name: 'nope' }),
        b: fetchRequested({ name: '' }),
        c: fetchRequested({ name: '~temporary' }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(refusals).toEqual(['Unknown tree nope', 'No name given']);
        expect(http.requests).toEqual([]);
      }, fetchDelay + 5);
    });
  });

  it('a tree whose schema cannot be read fails: "Failed to resolve tree: {name}, …" (seed 002 §8)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const http = fakeHttp(() =>
        cold('5ms #', {}, new AppError({ code: 'error.http.500', message: 'boom', status: 500 })),
      );
      const store = epicStore(testDeps({ scheduler, http }), epics);
      const failures: string[] = [];
      store.event$.subscribe((event) => {
        if (resolveFailed.match(event)) failures.push(event.payload.error.message);
      });
      hot('a', { a: register }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(failures).toHaveLength(1);
        expect(failures[0]).toMatch(/^Failed to resolve tree: categories, /);
      }, 20);
    });
  });

  it('postpones a fetch asked while the tree is initial and replays it after the load (seed 002 §4)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold, expectObservable }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return headers(request) ?? cold('200ms r|', { r: treeAnswer(request, [node(1, null)]) });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', { a: fetchRequested({ name: 'categories' }) }).subscribe(store.dispatch);
      hot(`${fetchDelay + 10}ms a`, { a: fetchRequested({ name: 'categories', nodeId: '1' }) }).subscribe(
        store.dispatch,
      );
      expectObservable(
        typesOf(store, 'trees/fetch').pipe(filter((type) => type !== 'trees/fetchRequested')),
      ).toBe(`${fetchDelay}ms a ${fetchDelay + 9}ms b ${200 - fetchDelay - 11}ms c`, {
        a: 'trees/fetchStarted',
        b: 'trees/fetchPostponed',
        c: 'trees/fetchStarted',
      });
    });
    const paths = http.requests.map((request) => request.path);
    expect(paths).toEqual([
      '/rest/dam/data/category/headers',
      '/rest/dam/data/category/tree',
      '/rest/dam/data/category/tree/1',
    ]);
    expect(http.requests[2]?.query?.depth).toBe(2);
  });

  it('loads the next page 500 ms after a page with more, and not with a fulltext (protocol §10.3)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold, expectObservable }) => {
      http.request = ((request) => {
        http.requests.push(request);
        if (headers(request)) return headers(request)!;
        const more = request.query?.after === undefined && request.query?.fulltext === '';
        return cold('5ms r|', {
          r: treeAnswer(
            request,
            [node(more ? 1 : 2, null)],
            more ? { next: '/next', nextResultsToken: 'T1' } : { next: null },
          ),
        });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', { a: fetchRequested({ name: 'categories' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'trees/fetchStarted')).toBe(
        `${fetchDelay}ms a ${4 + autoload + fetchDelay}ms b`,
        {
          a: 'trees/fetchStarted',
          b: 'trees/fetchStarted',
        },
      );
    });
    expect(http.requests.at(-1)?.query?.after).toBe('T1');
  });

  it('sets a loaded tree back to registered when its fulltext changes, then searches (seed 002 §4)', () => {
    const scheduler = marbleScheduler();
    const statuses: string[] = [];
    const http = fakeHttp();
    scheduler.run(({ hot, cold }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return headers(request) ?? cold('5ms r|', { r: treeAnswer(request, [node(1, null)]) });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), epics);
      store.state$.subscribe((state) => statuses.push(state.trees.byName.categories?.status ?? 'unknown'));
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', { a: fetchRequested({ name: 'categories' }) }).subscribe(store.dispatch);
      hot('200ms a', { a: fulltextChanged({ name: 'categories', fulltext: 'sea' }) }).subscribe(
        store.dispatch,
      );
    });
    expect(statuses.slice(statuses.indexOf('loaded'))).toContain('registered');
    const search = http.requests.at(-1)!;
    expect(search.path).toBe('/rest/dam/data/category');
    expect(search.query).toMatchObject({ fulltext: 'sea', treepath: 'asc', treetop: -1 });
    expect(search.query?.depth).toBeUndefined();
  });

  it("refuses to fetch an unknown tree, except '~' names (seed 002 §5)", () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler }), epics);
      hot('ab', {
        a: fetchRequested({ name: '~temporary' }),
        b: fetchRequested({ name: 'nowhere' }),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'trees/fetchRefused')).toBe('-a', { a: 'trees/fetchRefused' });
    });
  });

  it('walks up at most 10 parents to show a node (parent walk, seed 002 §9)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    let state: RootState | undefined;
    scheduler.run(({ hot, cold }) => {
      http.request = ((request) => {
        http.requests.push(request);
        if (headers(request)) return headers(request)!;
        const id = Number(request.path.split('/').pop());
        return cold('1ms r|', { r: treeAnswer(request, node(id, id - 1)) });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('5ms a', { a: nodeRevealRequested({ name: 'categories', nodeId: '50' }) }).subscribe(
        store.dispatch,
      );
      scheduler.schedule(() => {
        state = store.getState();
      }, 100);
    });
    const nodeRequests = http.requests.filter((request) => !request.path.endsWith('/headers'));
    expect(nodeRequests).toHaveLength(config.treeParentWalkMaxLevels);
    expect(nodeRequests.at(-1)?.path).toBe('/rest/dam/data/category/tree/41');
    expect(selectTreeAncestors(state!, 'categories', '50').map((found) => found.id)).toHaveLength(9);
    expect(selectTreeRoots(state!, 'categories')).toEqual([]);
  });

  it('registers a tree with the configured defaults in the event, so a replay folds the same options', () => {
    const scheduler = marbleScheduler();
    const registrations: AnyEvent[] = [];
    scheduler.run(({ hot }) => {
      const deps = testDeps({ scheduler, config: { treeDefaultDepth: 3, treeDefaultMax: 10 } });
      const store = epicStore(deps, epics);
      store.event$.pipe(filter(registered.match)).subscribe((event) => registrations.push(event));
      hot('a', { a: registrationRequested({ ...register.payload, orderby: ['name asc'] }) }).subscribe(
        store.dispatch,
      );
    });
    const [done] = registrations;
    expect(done?.payload).toMatchObject({
      name: 'categories',
      options: { depth: 3, max: 10, orderby: ['name asc'], staticQuery: config.defaultStaticQuery },
    });
    // the fold reads the options from the events alone
    const replayed = fold([register, registered(done?.payload as Parameters<typeof registered>[0])]);
    expect(replayed.trees.byName.categories?.options).toMatchObject({ depth: 3, max: 10 });
  });
});
