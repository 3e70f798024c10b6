import { delay, of, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../streams/core/errors';
import type { AnyEvent } from '../../../streams/core/event';
import {
  aggregateFilterRequested,
  applyToCleared,
  applyToRequested,
  fetchRequested,
  fulltextChanged,
  groupNextRequested,
  nextGroupsRequested,
  nextPageRequested,
  optionsChanged,
  registrationRequested,
  removed,
  resolveRequested,
} from '../../../streams/cursors/events';
import { constraintsRequested } from '../../../streams/queries/events';
import { selectQuery } from '../../../streams/queries/selectors';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { assetHeaders, keywordHeaders, listAnswer, rows, searchServer } from './fixtures';
import { listEpics } from './helpers';

type Input = Parameters<ReturnType<typeof epicStore>['dispatch']>[0];

/** Dispatches `inputs` at their times (ms) and returns every event and the last state. */
function run(
  inputs: Array<[number, Input]>,
  list = (request: Parameters<typeof listAnswer>[0]) => listAnswer(request),
  schemaDelayMs = 0,
  schemaFails = false,
) {
  const scheduler = marbleScheduler();
  const events: AnyEvent[] = [];
  let state: RootState | undefined;
  const http = fakeHttp(
    searchServer(
      (request) => of(list(request)),
      (request) =>
        schemaFails
          ? throwError(() => new AppError({ code: 'error.http.500', status: 500, message: 'down' }))
          : of({ status: 200, data: request.path.includes('keyword') ? keywordHeaders : assetHeaders }).pipe(
              delay(schemaDelayMs),
            ),
    ),
  );
  scheduler.run(({ hot }) => {
    const store = epicStore(testDeps({ scheduler, http }), listEpics);
    store.event$.subscribe((event) => events.push(event));
    store.state$.subscribe((now) => {
      state = now;
    });
    for (const [at, input] of inputs) hot(`${at}ms a`, { a: input }).subscribe(store.dispatch);
  });
  const refusals = (type: string) =>
    events
      .filter((event) => event.type === type)
      .map((event) => (event.payload as { message: string }).message);
  return { events, state: state as RootState, http, refusals };
}

const asset = (name: string) => registrationRequested({ name, path: 'dam/data/asset' });

describe('cursor rules (seed 002 §5, §8; protocol §8.4)', () => {
  it("changing, or resolving, a cursor that is not registered says 'Cursor {name} is unknown' (seed 002 §8)", () => {
    const { refusals } = run([
      [0, fulltextChanged({ name: 'nowhere', fulltext: 'cat' })],
      [1, optionsChanged({ name: 'nowhere', options: { max: 3 } })],
      [2, fulltextChanged({ name: '~temporary', fulltext: 'cat' })],
      [3, resolveRequested({ name: 'nowhere' })],
      [4, resolveRequested({ name: '' })],
    ]);
    expect(refusals('cursors/requestRefused')).toEqual([
      'Cursor nowhere is unknown',
      'Cursor nowhere is unknown',
      'Cannot resolve unknown cursor',
      'Cannot resolve a cursor without a name',
    ]);
  });

  it('refuses a registration without name or path, a duplicate, and fetches of unknown lists with the catalogue messages (seed 002 §8)', () => {
    const { refusals } = run([
      [0, registrationRequested({ name: '', path: 'dam/data/asset' })],
      [1, registrationRequested({ name: 'search', path: '' })],
      [2, asset('search')],
      [3, asset('search')],
      [4, fetchRequested({ name: 'nowhere' })],
      [5, nextPageRequested({ name: 'nowhere' })],
      [6, fetchRequested({ name: '~gone' })],
      [7, nextGroupsRequested({ name: 'search' })],
    ]);
    expect(refusals('cursors/registrationRefused')).toEqual([
      'Cannot register a cursor without a name or without path',
      'Cannot register a cursor without a name or without path',
      'Cursor search already exists',
    ]);
    expect(refusals('cursors/fetchRefused')).toEqual([
      'Cannot fetch data on unknown cursor',
      'Cannot fetch next data on unknown cursor',
      'Cannot fetch nextGroups with null or undefined nextGroups',
    ]);
  });

  it("a fetch of a cursor whose schema could not be resolved says 'For cursor {name}, schema {path} is not resolved' (protocol §8.4)", () => {
    const { refusals, http } = run(
      [
        [0, asset('search')],
        [500, fetchRequested({ name: 'search' })],
      ],
      undefined,
      0,
      true,
    );
    expect(refusals('cursors/fetchRefused')).toEqual([
      "For cursor 'search', schema 'dam/data/asset' is not resolved",
    ]);
    // no list request goes out for it
    expect(http.requests.filter((request) => request.path === '/rest/dam/data/asset')).toEqual([]);
  });

  it('orders only by fields some schema of the path has: an unknown one is dropped from orderby (seed 002 §5)', () => {
    const { http } = run([
      [
        0,
        registrationRequested({
          name: 'search',
          path: 'dam/data/asset',
          orderby: ['-created', 'nosuch', 'id'],
        }),
      ],
      [1, fetchRequested({ name: 'search' })],
    ]);
    const lists = http.requests.filter(
      (request) => !request.path.endsWith('/headers') && request.query?.headers !== true,
    );
    expect(lists.length).toBeGreaterThan(0);
    expect(String(lists.at(-1)?.query?.orderby)).not.toContain('nosuch');
    expect(String(lists.at(-1)?.query?.orderby)).toContain('created');
  });

  it("refuses a group's next page without the group and its next token (seed 002 §5)", () => {
    const { refusals } = run([
      [0, asset('search')],
      [1, fetchRequested({ name: 'search' })],
      [50, groupNextRequested({ name: 'search', groupKey: 'beach' })],
    ]);
    expect(refusals('cursors/fetchRefused')).toEqual([
      "Cannot fetch next data of group 'beach' without the group and its next token",
    ]);
  });

  it('an asked resolve of a known cursor asks its schema again', () => {
    const { http, events } = run([
      [0, asset('search')],
      [100, resolveRequested({ name: 'search' })],
    ]);
    expect(
      http.requests.filter((request) => request.path.endsWith('/headers')).length,
    ).toBeGreaterThanOrEqual(1);
    expect(events.filter((event) => event.type === 'cursors/resolved').length).toBe(2);
  });

  it('rows without an id are left out and logged as strange data (seed 001 §8)', () => {
    const data = [...rows(1, 2), { name: 'no id' }, { $uuid: 'x' }];
    const { events, state } = run(
      [
        [0, asset('search')],
        [1, fetchRequested({ name: 'search' })],
      ],
      (request) => listAnswer(request, { data }),
    );
    const strange = events.find((event) => event.type === 'cursors/strangeDataSkipped');
    expect(strange?.error).toBe(true);
    expect(strange?.payload).toMatchObject({
      name: 'search',
      rows: 2,
      error: { code: 'error.cursors.strangeData' },
    });
    expect(state.cursors.byName.search?.size).toBe(2);
  });

  it('a path holding /undefined is refused and logged; a non-temporary list loads once its path is defined', () => {
    const { refusals, events, http } = run([
      [0, registrationRequested({ name: 'search', path: 'dam/undefined/asset' })],
      [1, fetchRequested({ name: 'search' })],
      [2, fetchRequested({ name: 'search' })],
      [200, removed({ name: 'search' })],
      [201, asset('search')],
    ]);
    expect(refusals('cursors/fetchRefused')).toEqual([
      'Cursor search has an undefined path: dam/undefined/asset',
    ]);
    const lists = http.requests.filter((request) => !request.path.endsWith('/headers'));
    expect(lists.map((request) => request.path)).toEqual(['/rest/dam/data/asset']);
    expect(events.some((event) => event.type === 'cursors/pageLoaded')).toBe(true);
  });

  it('a temporary list with an undefined path is refused once and not asked again', () => {
    const { refusals, http } = run([
      [0, registrationRequested({ name: '~lookup', path: 'undefined' })],
      [1, fetchRequested({ name: '~lookup' })],
      [200, removed({ name: '~lookup' })],
      [201, registrationRequested({ name: '~lookup', path: 'dam/data/asset' })],
    ]);
    expect(refusals('cursors/fetchRefused')).toEqual(['Cursor ~lookup has an undefined path: undefined']);
    expect(http.requests.filter((request) => !request.path.endsWith('/headers'))).toEqual([]);
  });

  it("applying a cursor onto itself is refused: 'cannot use applyTO on same cursor' (seed 002 §5)", () => {
    const { refusals } = run([
      [0, asset('search')],
      [10, applyToRequested({ name: 'search', target: 'search' })],
      [11, applyToRequested({ name: 'search', target: 'elsewhere' })],
    ]);
    expect(refusals('cursors/requestRefused')).toEqual([
      'cannot use applyTO on same cursor',
      'Cursor elsewhere is unknown',
    ]);
  });

  const cartItems = { asset_items: { field: 'asset@id', operator: 'in', value: ['3', '4'] } };
  const searched = [
    [0, asset('search')],
    [0, registrationRequested({ name: '~[CART@7]', path: 'dam/data/asset', constraints: cartItems })],
    [5, fulltextChanged({ name: 'search', fulltext: 'cat', tokens: ['cat'], mode: 'must' })],
    [
      5,
      constraintsRequested({
        name: 'search',
        constraints: { type: { field: 'type', operator: 'eq', value: 'image' } },
      }),
    ],
    [6, fetchRequested({ name: '~[CART@7]' })],
  ] satisfies Array<[number, Input]>;
  const cartQuery = (http: ReturnType<typeof run>['http']) =>
    http.requests
      .filter((request) => request.path === '/rest/dam/data/asset' && !request.query?.headers)
      .at(-1)?.query;

  it("applyTo merges: the target keeps its own constraints (the cart's items) and gains the source's user constraints and fulltext (seed 002 §5)", () => {
    const { state, http } = run([
      ...searched,
      [10, fulltextChanged({ name: '~[CART@7]', fulltext: 'lake' })],
      [100, applyToRequested({ name: 'search', target: '~[CART@7]' })],
    ]);
    const constraints = selectQuery(state, '~[CART@7]')?.constraints ?? {};
    expect(Object.keys(constraints).sort()).toEqual(['__applied_type', 'asset_items']);
    expect(constraints.asset_items?.constraint).toEqual(cartItems.asset_items);
    expect(state.cursors.byName['~[CART@7]']?.options.fulltext).toBe('lake');
    // the list asks again with both: its items and the search's constraint, its text and the search's
    const query = cartQuery(http);
    expect(query?.fulltext).toBe('lake (cat)');
    expect(query?.query).toEqual({
      and: [{ 'asset@id': { in: ['3', '4'] } }, { type: { eq: 'image' } }, { activated: true }],
    });
  });

  it('an applied search survives the target replacing its own constraints, and is taken back whole when cleared', () => {
    const { state, http } = run([
      ...searched,
      [100, applyToRequested({ name: 'search', target: '~[CART@7]' })],
      [
        200,
        constraintsRequested({
          name: '~[CART@7]',
          constraints: { asset_items: { field: 'asset@id', operator: 'in', value: ['5'] } },
          replace: true,
        }),
      ],
    ]);
    expect(Object.keys(selectQuery(state, '~[CART@7]')?.constraints ?? {}).sort()).toEqual([
      '__applied_type',
      'asset_items',
    ]);
    expect(cartQuery(http)?.fulltext).toBe('(cat)');

    const cleared = run([
      ...searched,
      [100, applyToRequested({ name: 'search', target: '~[CART@7]' })],
      [200, applyToCleared({ name: '~[CART@7]' })],
    ]);
    expect(Object.keys(selectQuery(cleared.state, '~[CART@7]')?.constraints ?? {})).toEqual(['asset_items']);
    expect(cleared.state.cursors.byName['~[CART@7]']?.applied).toBeNull();
    expect(cartQuery(cleared.http)?.fulltext).toBeUndefined();
  });

  it('applied again, the new search replaces the one applied before', () => {
    const { state } = run([
      ...searched,
      [100, applyToRequested({ name: 'search', target: '~[CART@7]' })],
      [
        150,
        constraintsRequested({
          name: 'search',
          constraints: { author: { field: 'author', operator: 'eq', value: 'Ann' } },
          replace: true,
        }),
      ],
      [150, fulltextChanged({ name: 'search', fulltext: '' })],
      [200, applyToRequested({ name: 'search', target: '~[CART@7]' })],
    ]);
    expect(Object.keys(selectQuery(state, '~[CART@7]')?.constraints ?? {}).sort()).toEqual([
      '__applied_author',
      'asset_items',
    ]);
    expect(state.cursors.byName['~[CART@7]']?.applied).toEqual({ from: 'search', fulltext: '' });
  });
});

describe('cursor aggregate filter (seed 002 §5; protocol §8.4)', () => {
  const keyword = (name: string) => registrationRequested({ name, path: 'dam/data/keyword' });
  const withAggregates = (request: Parameters<typeof listAnswer>[0]) => {
    const answer = listAnswer(request);
    if (request.path.endsWith('/asset')) {
      const data = answer.data as { response: Record<string, unknown> };
      data.response.aggregates = {
        keywords: [
          { count: 2, data: { id: 7 } },
          { count: 1, data: { id: 9 } },
        ],
      };
    }
    return answer;
  };

  /** The keyword list watches the search's `keywords` aggregate, and the search fetches once. */
  const keywordsWatchingSearch: Array<[number, Input]> = [
    [0, keyword('keywords')],
    [0, asset('search')],
    [
      0,
      optionsChanged({
        name: 'search',
        options: { withAggregates: true, aggregatesFields: ['keywords'] },
      }),
    ],
    [
      10,
      aggregateFilterRequested({
        name: 'keywords',
        monitoredCursorName: 'search',
        monitoredField: 'keywords',
      }),
    ],
    [20, fetchRequested({ name: 'search' })],
  ];

  it('needs monitoredCursorName and monitoredField, a resolved monitored list, an existing field related to this path', () => {
    const ask = (monitoredCursorName: string, monitoredField: string) =>
      aggregateFilterRequested({ name: 'keywords', monitoredCursorName, monitoredField });
    const { refusals, events } = run(
      [
        [0, keyword('keywords')],
        [1, ask('', 'keywords')],
        [2, ask('search', 'keywords')],
        [3, asset('search')],
        [4, ask('search', 'keywords')],
        [100, ask('search', 'nothing')],
        [101, ask('search', 'categories')],
      ],
      undefined,
      50,
    );
    // each refusal names its reason, for the screen that asked to say it in the user's words
    expect(
      events
        .filter((event) => event.type === 'cursors/requestRefused')
        .map((event) => (event.payload as { code?: string }).code),
    ).toEqual([
      'error.cursors.aggregateFilter.incomplete',
      'error.cursors.aggregateFilter.unknown',
      'error.cursors.aggregateFilter.unresolved',
      'error.cursors.aggregateFilter.noField',
      'error.cursors.aggregateFilter.otherSchema',
    ]);
    expect(refusals('cursors/requestRefused')).toEqual([
      'The cursor aggregate filter requires monitoredCursorName and monitoredField',
      'Cursor search is unknown',
      'Cursor search is not resolved',
      'Field nothing does not exist on cursor search',
      'Field categories of cursor search relates to dam/data/category, not to dam/data/keyword',
    ]);
  });

  it('keeps only the ids of the monitored aggregate, through the single-constraint setter', () => {
    const { state, events } = run([...keywordsWatchingSearch], withAggregates);
    expect(events.filter((event) => event.type === 'queries/constraintRequested').length).toBe(1);
    expect(
      selectQuery(state, 'keywords')?.constraints.__aggregates__filter_search_keywords?.constraint,
    ).toEqual({
      field: 'id',
      operator: 'in',
      value: [7, 9],
    });
  });

  it('follows the monitored aggregate as it changes, leaves out the no-value bucket, and survives the list replacing its own constraints', () => {
    let answer = 0;
    const changing = (request: Parameters<typeof listAnswer>[0]) => {
      const page = listAnswer(request);
      if (request.path.endsWith('/asset')) {
        answer += 1;
        const data = page.data as { response: Record<string, unknown> };
        data.response.aggregates = {
          keywords:
            answer === 1
              ? [
                  { count: 2, data: { id: 7 } },
                  { count: 5, data: null },
                ]
              : [{ count: 1, data: { id: 9 } }],
        };
      }
      return page;
    };
    const { state, events } = run(
      [
        ...keywordsWatchingSearch,
        [
          200,
          constraintsRequested({
            name: 'keywords',
            constraints: { starts: { field: 'name', operator: 'sw', value: 'a' } },
            replace: true,
          }),
        ],
        [300, fulltextChanged({ name: 'search', fulltext: 'lake' })],
      ],
      changing,
    );
    const set = events
      .filter((event) => event.type === 'queries/constraintRequested')
      .map((event) => (event.payload as { constraint: { value: unknown } }).constraint.value);
    expect(set).toEqual([[7], [9]]);
    expect(Object.keys(selectQuery(state, 'keywords')?.constraints ?? {}).sort()).toEqual([
      '__aggregates__filter_search_keywords',
      'starts',
    ]);
  });
});
