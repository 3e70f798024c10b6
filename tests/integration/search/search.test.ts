import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { constraintRegistered, idsWanted } from '../../../streams/aggregates/events';
import { selectConstraintCounts } from '../../../streams/aggregates/selectors';
import { fetchRequested, registrationRequested } from '../../../streams/cursors/events';
import { selectCursorRows } from '../../../streams/cursors/selectors';
import { constraintsRequested } from '../../../streams/queries/events';
import { NO_SECTION, TOO_MANY_SECTIONS } from '../../../streams/schemas/api';
import { selectCanCreate } from '../../../streams/schemas/selectors';
import * as trees from '../../../streams/trees/events';
import { selectTreeRoots } from '../../../streams/trees/selectors';
import { until } from '../../helpers/demo-portal';
import { destroySearchStores, searchStore } from './search-store';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterEach(() => {
  destroySearchStores();
  server.resetHandlers();
});
afterAll(() => server.close());

const loaded =
  (name: string) => (state: { cursors: { byName: Record<string, { status: string } | undefined> } }) =>
    state.cursors.byName[name]?.status === 'loaded';

async function loadedList(constraints = {}) {
  const { store, sent } = searchStore();
  store.dispatch(registrationRequested({ name: 'search', path: 'dam/data/asset', constraints }));
  store.dispatch(fetchRequested({ name: 'search' }));
  const state = await until(store, loaded('search'));
  return { store, sent, state };
}

describe('cursors against the demo server (protocol §8)', () => {
  it('resolves the asset schema and loads the first page with the echoed state', async () => {
    const { state, sent } = await loadedList();
    const cursor = state.cursors.byName.search!;
    expect(cursor.total).toBeGreaterThan(24);
    expect(cursor.size).toBe(24);
    expect(cursor.hasMoreResults).toBe(true);
    expect(cursor.lastSignature).toBe(cursor.signature);
    expect(selectCanCreate(state, 'dam/data/asset')).toBe(false);
    const list = sent.find((request) => request.path === '/rest/dam/data/asset');
    expect(list?.query).toMatchObject({
      max: 24,
      headers: false,
      withRights: false,
      query: { activated: true },
    });
  });

  it('marks the list invalid and asks again when the answer echoes another state (seed 001 §4)', async () => {
    server.use(
      http.get(
        '*/api/rest/dam/data/asset',
        () =>
          HttpResponse.json({
            resource: 'asset',
            response: { data: [], total: 0, count: 0 },
            links: {},
            state: 'stale',
          }),
        { once: true },
      ),
    );
    const { store, sent } = searchStore();
    const statuses: string[] = [];
    store.state$.subscribe((state) => statuses.push(state.cursors.byName.search?.status ?? 'unknown'));
    store.dispatch(registrationRequested({ name: 'search', path: 'dam/data/asset' }));
    store.dispatch(fetchRequested({ name: 'search' }));
    const state = await until(store, loaded('search'));
    expect(statuses).toContain('invalid');
    expect(state.cursors.byName.search!.total).toBeGreaterThan(0);
    expect(sent.filter((request) => request.path === '/rest/dam/data/asset')).toHaveLength(2);
  });

  it('sends every operator as {field: {operator: value}} and the demo engine applies it (protocol §8.3)', async () => {
    const { state: all } = await loadedList();
    const total = all.cursors.byName.search!.total;
    const cases = [
      { operator: 'in', field: 'keywords', value: [1, 2] },
      { operator: 'nin', field: 'keywords', value: [1] },
      { operator: 'eq', field: 'assetnature', value: 1 },
      { operator: 'neq', field: 'assetnature', value: 1 },
      { operator: 'sw', field: 'name', value: 'a' },
      { operator: 'contains', field: 'keywords', value: [3] },
      { operator: 'gte', field: 'filesize', value: 1000 },
      { operator: 'lt', field: 'width', value: 2000 },
      { operator: 'empty', field: 'dteendrights', value: true },
      { operator: 'notempty', field: 'dteendrights', value: true },
      { operator: 'dof', field: 'categories', value: [1] },
      { operator: 'descendantof', field: 'categories', value: [1] },
    ];
    for (const constraint of cases) {
      const { state, sent } = await loadedList({ k: constraint });
      const list = sent.find((request) => request.path === '/rest/dam/data/asset');
      expect(list?.query?.query).toEqual({
        and: [{ [constraint.field]: { [constraint.operator]: constraint.value } }, { activated: true }],
      });
      const cursor = state.cursors.byName.search!;
      expect(cursor.status, constraint.operator).toBe('loaded');
      expect(cursor.total, constraint.operator).toBeLessThanOrEqual(total);
    }
  });

  it('narrows the list when a constraint is set, and restores it when removed (protocol §8.3)', async () => {
    const { store, state } = await loadedList();
    const total = state.cursors.byName.search!.total;
    store.dispatch(
      constraintsRequested({
        name: 'search',
        constraints: { k: { field: 'keywords', operator: 'in', value: [1] } },
      }),
    );
    const narrowed = await until(
      store,
      (now) => loaded('search')(now) && now.cursors.byName.search!.total < total,
    );
    expect(selectCursorRows(narrowed, 'search').length).toBeGreaterThan(0);
    store.dispatch(constraintsRequested({ name: 'search', constraints: { k: null } }));
    await until(store, (now) => loaded('search')(now) && now.cursors.byName.search!.total === total);
  });
});

describe('schema section errors (protocol §11.2)', () => {
  for (const [mode, message] of [
    ['both', TOO_MANY_SECTIONS],
    ['none', NO_SECTION],
  ] as const) {
    it(`fails the cursor with '${message}' when the headers carry ${mode} sections`, async () => {
      runtime.settings['schemas.sections'] = mode;
      const { store } = searchStore();
      store.dispatch(registrationRequested({ name: 'search', path: 'dam/data/asset' }));
      const state = await until(store, (now) => now.cursors.byName.search?.status === 'error');
      expect(state.schemas.byName['dam/data/asset']?.error?.message).toBe(message);
      expect(state.cursors.byName.search?.error?.message).toBe(
        `Failed to resolve cursor: search, ${message}`,
      );
    });
  }
});

describe('trees and aggregates against the demo server (protocol §9, §10)', () => {
  it('loads the category roots with two levels of children', async () => {
    const { store } = searchStore();
    store.dispatch(trees.registrationRequested({ name: 'categories', path: 'dam/data/category' }));
    store.dispatch(trees.fetchRequested({ name: 'categories' }));
    const state = await until(store, (now) => now.trees.byName.categories?.status === 'loaded');
    const roots = selectTreeRoots(state, 'categories');
    expect(roots).toHaveLength(4);
    expect(roots[0]?.children?.length).toBeGreaterThan(0);
  });

  it('counts facet values through /aggs with the echoed state', async () => {
    const { store } = await loadedList();
    store.dispatch(
      constraintRegistered({ cursor: 'search', key: 'keywords', field: 'keywords', operator: 'in' }),
    );
    store.dispatch(idsWanted({ cursor: 'search', key: 'keywords', ids: ['1', '2', '3'] }));
    const state = await until(
      store,
      (now) => Object.keys(selectConstraintCounts(now, 'search', 'keywords')).length === 3,
    );
    expect(state.aggregates.byCursor.search?.status).toBe('loaded');
    expect(selectConstraintCounts(state, 'search', 'keywords')['1']?.count).toBeGreaterThanOrEqual(0);
  });

  it('sends the /aggs form field query as the $meta-query object itself, as the reference client does (protocol §9.1)', async () => {
    const forms: URLSearchParams[] = [];
    const onRequest = async ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/aggs'))
        forms.push(new URLSearchParams(await request.clone().text()));
    };
    server.events.on('request:start', onRequest);
    try {
      const { store } = await loadedList();
      store.dispatch(
        constraintRegistered({ cursor: 'search', key: 'keywords', field: 'keywords', operator: 'in' }),
      );
      store.dispatch(idsWanted({ cursor: 'search', key: 'keywords', ids: ['1', '2'] }));
      const state = await until(
        store,
        (now) => Object.keys(selectConstraintCounts(now, 'search', 'keywords')).length === 2,
      );
      expect(state.aggregates.byCursor.search?.status).toBe('loaded');
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
    expect(forms.length).toBeGreaterThan(0);
    const query = JSON.parse(forms[0]?.get('query') ?? 'null');
    expect(Object.keys(query)).toEqual(['$meta-query']);
    expect(query['$meta-query'].keywords.aggregate).toEqual({
      field: 'keywords',
      operator: 'in',
      ids: [1, 2],
    });
    expect(query['$meta-query']['!! static_query !!']).toEqual({ constraint: { activated: true } });
  });
});
