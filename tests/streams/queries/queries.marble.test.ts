import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { fetchRequested, registrationRequested } from '../../../streams/cursors/events';
import { constraintsRefused, constraintsRequested } from '../../../streams/queries/events';
import { selectConstraint, selectQueryStatus, selectWireQuery } from '../../../streams/queries/selectors';
import { backoffDelays } from '../../../streams/queries/waits';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { keywordHeaders, listAnswer, rows, searchServer } from '../cursors/fixtures';
import { selectSchemaFields, selectSchemaStatus } from '../../../streams/schemas/selectors';
import { listEpics } from '../cursors/helpers';

const register = (name: string, path = 'dam/data/asset') => registrationRequested({ name, path });
/** The list `search` registered, then (at 5 ms) its keywords asked by name: the store. */
function keywordsByName(
  scheduler: ReturnType<typeof marbleScheduler>,
  http: ReturnType<typeof fakeHttp>,
  value: string | string[],
  hot: Parameters<Parameters<ReturnType<typeof marbleScheduler>['run']>[0]>[0]['hot'],
) {
  const store = epicStore(testDeps({ scheduler, http }), listEpics);
  hot('a', { a: register('search') }).subscribe(store.dispatch);
  hot('5ms a', {
    a: constraintsRequested({
      name: 'search',
      constraints: { k: { field: 'keywords', operator: 'in_name', value } },
    }),
  }).subscribe(store.dispatch);
  return store;
}
const keywordIn = { field: 'keywords', operator: 'in', value: [1, 2] };

describe('queries.epic', () => {
  it('retries constraints on an unknown query every 200 ms, 10 times, then fails (protocol §8.4, §23 item 11)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler }), listEpics);
      hot('a', { a: constraintsRequested({ name: 'later', constraints: { k: keywordIn } }) }).subscribe(
        store.dispatch,
      );
      expectObservable(typesOf(store, 'queries/constraintsRefused')).toBe(
        `${config.constraintRetryMs * config.constraintRetries}ms a`,
        { a: 'queries/constraintsRefused' },
      );
    });
  });

  it('applies constraints once the query appears within the retries (protocol §8.4)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler }), listEpics);
      hot('a', { a: constraintsRequested({ name: 'search', constraints: { k: keywordIn } }) }).subscribe(
        store.dispatch,
      );
      hot('300ms a', { a: register('search') }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'queries/constraintsSet')).toBe(`${2 * config.constraintRetryMs}ms a`, {
        a: 'queries/constraintsSet',
      });
    });
  });

  it('refuses a key changing mode, with the message of protocol §9.2', () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler }), listEpics);
      hot('abc', {
        a: register('search'),
        b: constraintsRequested({ name: 'search', constraints: { k: keywordIn } }),
        c: constraintsRequested({
          name: 'search',
          constraints: { k: { field: 'keywords', operator: 'eq', value: 1 } },
        }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 10);
    });
    expect(state!.cursors.lastRefusal).toBeNull();
    expect(selectConstraint(state!, 'search', 'k')?.constraint.operator).toBe('in');
  });

  it('waits for a cursordata list from 50 ms, x1.2 each poll, and gives up once the wait reaches 60 s (protocol §24)', () => {
    const delays = backoffDelays(config.cursorWaitStartMs, config.cursorWaitFactor, config.cursorWaitMaxMs);
    expect(delays[0]).toBe(50);
    expect(delays[1]).toBe(60);
    expect(delays.at(-1)).toBeLessThan(config.cursorWaitMaxMs);
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const http = fakeHttp(searchServer(() => NEVER));
      const store = epicStore(testDeps({ scheduler, http }), listEpics);
      hot('ab', {
        a: register('source'),
        b: register('search'),
      }).subscribe(store.dispatch);
      hot('5ms a', {
        a: constraintsRequested({
          name: 'search',
          constraints: { k: { field: 'id', operator: 'in_cursordata', value: 'source' } },
        }),
      }).subscribe(store.dispatch);
      const total = delays.reduce((sum, wait) => sum + wait, 0);
      expectObservable(typesOf(store, 'queries/constraintFailed')).toBe(`${5 + total}ms a`, {
        a: 'queries/constraintFailed',
      });
    });
  });

  it('sends the ids of a loaded cursordata list in place of the sub-query (protocol §8.3)', () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    scheduler.run(({ hot, cold }) => {
      const http = fakeHttp(
        searchServer((request) => cold('5ms r|', { r: listAnswer(request, { data: rows(7, 2) }) })),
      );
      const store = epicStore(testDeps({ scheduler, http }), listEpics);
      hot('ab', { a: register('source'), b: register('search') }).subscribe(store.dispatch);
      hot('5ms ab', {
        a: fetchRequested({ name: 'source' }),
        b: constraintsRequested({
          name: 'search',
          constraints: { k: { field: 'id', operator: 'in_cursordata', value: 'source' } },
        }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 1000);
    });
    expect(selectQueryStatus(state!, 'search')).toBe('resolved');
    expect(selectWireQuery(state!, 'search')).toEqual({ and: [{ id: { in: [7, 8] } }, { activated: true }] });
  });

  it("fails a cursordata sub-query on a list never registered: 'Cursor {name} has not been registered' (protocol §8.3)", () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler }), listEpics);
      hot('ab', {
        a: register('search'),
        b: constraintsRequested({
          name: 'search',
          constraints: { k: { field: 'id', operator: 'in_cursordata', value: 'ghost' } },
        }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 10);
    });
    expect(selectConstraint(state!, 'search', 'k')?.error?.message).toBe(
      'Cursor ghost has not been registered',
    );
  });

  it('turns names into ids through a temporary lookup list polled every 100 ms, 100 times (protocol §8.1, §24)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp(searchServer(() => NEVER));
    scheduler.run(({ hot, expectObservable }) => {
      const store = keywordsByName(scheduler, http, 'sea', hot);
      expectObservable(typesOf(store, 'queries/constraintFailed')).toBe(
        `${5 + config.lookupRetryMs * config.lookupRetries}ms a`,
        { a: 'queries/constraintFailed' },
      );
    });
    const lookup = http.requests.find((request) => request.path === '/rest/dam/data/keyword');
    expect(lookup?.query).toMatchObject({
      max: config.lookupCursorMax,
      query: { name: { eq: 'sea' } },
    });
  });

  it('looks each value up once, `{field:{eq:value}}`, all at once, and sends the ids found (protocol §8.1, seed 002 §5)', () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    let http = fakeHttp();
    scheduler.run(({ hot, cold }) => {
      http = fakeHttp(
        searchServer((request) => {
          const asked = (request.query?.query as { name?: { eq?: string } } | undefined)?.name?.eq;
          const data = asked === 'sea' ? rows(31, 1) : asked === 'lake' ? rows(32, 2) : [];
          return cold(`${config.lookupRetryMs / 2}ms r|`, { r: listAnswer(request, { data }) });
        }),
      );
      const store = keywordsByName(scheduler, http, ['sea', 'lake', 'sea'], hot);
      // well within the lookup's polls (100 x 100 ms)
      scheduler.schedule(
        () => {
          state = store.getState();
        },
        5 + 5 * config.lookupRetryMs,
      );
    });
    const lookups = http.requests.filter((request) => request.path === '/rest/dam/data/keyword');
    expect(lookups.map((request) => request.query?.query)).toEqual([
      { name: { eq: 'sea' } },
      { name: { eq: 'lake' } },
    ]);
    expect(selectWireQuery(state!, 'search')).toEqual({
      and: [{ keywords: { in: [31, 32, 33] } }, { activated: true }],
    });
  });

  it('a lookup list takes its schema headers inline (headers=true) instead of a headers call (protocol §8.2, §11.2)', () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    let http = fakeHttp();
    scheduler.run(({ hot, cold }) => {
      http = fakeHttp(
        searchServer((request) => {
          const answer = listAnswer(request, { data: rows(31, 1) });
          const inline = request.query?.headers === true ? { headers: keywordHeaders.headers } : {};
          return cold('5ms r|', { r: { ...answer, data: { ...(answer.data as object), ...inline } } });
        }),
      );
      const store = keywordsByName(scheduler, http, ['sea', 'lake'], hot);
      scheduler.schedule(
        () => {
          state = store.getState();
        },
        5 + 5 * config.lookupRetryMs,
      );
    });
    const asked = http.requests.map((request) => request.path);
    expect(asked).not.toContain('/rest/dam/data/keyword/headers');
    const lookups = http.requests.filter((request) => request.path === '/rest/dam/data/keyword');
    expect(lookups.map((request) => [request.query?.headers, request.query?.path])).toEqual([
      [true, 'dam/data/keyword'],
      [true, 'dam/data/keyword'],
    ]);
    expect(selectSchemaStatus(state!, 'dam/data/keyword')).toBe('resolved');
    expect(selectSchemaFields(state!, 'dam/data/keyword')).toEqual(keywordHeaders.headers);
    expect(selectWireQuery(state!, 'search')).toEqual({
      and: [{ keywords: { in: [31] } }, { activated: true }],
    });
  });

  it('an operator whose sub-query has no name is refused: "Unknown subquery operator: " (seed 002 §5)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler }), listEpics);
      const refusals: string[] = [];
      store.event$.subscribe((event) => {
        if (constraintsRefused.match(event)) refusals.push(event.payload.message);
      });
      hot('a', { a: register('search') }).subscribe(store.dispatch);
      hot('5ms a', {
        a: constraintsRequested({
          name: 'search',
          constraints: { k: { field: 'keywords', operator: 'in_', value: 'sea' } },
        }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => expect(refusals).toEqual(['Unknown subquery operator: ']), 50);
    });
  });
});
