import { describe, expect, it } from 'vitest';
import type { AnyEvent, UnstampedEvent } from '../../../streams/core/event';
import * as cursors from '../../../streams/cursors/events';
import { countSearchFacets } from '../../../streams/search/epics';
import {
  SEARCH_CURSOR,
  SEARCH_PATH,
  SEARCH_TREE,
  SEARCH_TREE_PATH,
  SEARCH_VALUES_CURSOR,
} from '../../../streams/search/url';
import * as trees from '../../../streams/trees/events';
import { epicStore, fold } from '../../helpers/marbles';
import { testDeps } from '../../helpers/test-deps';

const firstPage = (aggregates: Record<string, unknown>, name = SEARCH_CURSOR) =>
  cursors.pageLoaded({
    name,
    page: 'first',
    signature: 'l',
    resource: 'asset',
    rows: [],
    total: 10,
    count: 0,
    nextResultsToken: null,
    aggregates,
  });

const treePage = (ids: string[]) =>
  trees.pageLoaded({
    name: SEARCH_TREE,
    nodeId: null,
    next: true,
    signature: 't',
    roots: ids,
    nodes: ids.map((id) => ({ id, name: id, parent: null, root: true, children: [], childrenCount: 0 })),
    total: 9,
    hasMoreResults: false,
    nextResultsToken: null,
  });

function run(events: UnstampedEvent[]) {
  const store = epicStore(
    testDeps(),
    countSearchFacets,
    fold([
      cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
      cursors.registrationRequested({ name: SEARCH_VALUES_CURSOR, path: SEARCH_PATH, max: 1 }),
      trees.registrationRequested({ name: SEARCH_TREE, path: SEARCH_TREE_PATH }),
      treePage(['1']),
    ]),
  );
  const seen: AnyEvent[] = [];
  store.event$.subscribe((event) => seen.push(event));
  for (const event of events) store.dispatch(event);
  return seen
    .filter((event) => event.type.startsWith('aggregates/'))
    .map((event) => event.payload as { key?: string; ids?: string[] });
}

describe('countSearchFacets', () => {
  it("registers the facets and the tree with the list's first page and asks every value shown", () => {
    const asked = run([firstPage({ assetnature: [{ count: 3, data: { id: 1, name: 'Image' } }] })]);
    expect(asked).toEqual([
      { cursor: SEARCH_CURSOR, key: 'assetnature', field: 'assetnature', operator: 'in' },
      { cursor: SEARCH_CURSOR, key: 'keywords', field: 'keywords', operator: 'in' },
      { cursor: SEARCH_CURSOR, key: 'author', field: 'author', operator: 'in' },
      { cursor: SEARCH_CURSOR, key: 'mimetype', field: 'mimetype', operator: 'in' },
      { cursor: SEARCH_CURSOR, key: 'categories', field: 'categories', operator: 'descendantof' },
      { cursor: SEARCH_CURSOR, key: 'assetnature', ids: ['1'] },
      { cursor: SEARCH_CURSOR, key: 'categories', ids: ['1'] },
    ]);
  });

  it('asks only new values later: other facet values, new tree nodes', () => {
    const asked = run([
      firstPage({ assetnature: [{ count: 3, data: { id: 1, name: 'Image' } }] }),
      firstPage({
        assetnature: [
          { count: 3, data: { id: 1, name: 'Image' } },
          { count: 2, data: { id: 2, name: 'Video' } },
        ],
      }),
      treePage(['1', '2']),
    ]);
    expect(asked.slice(7)).toEqual([
      { cursor: SEARCH_CURSOR, key: 'assetnature', ids: ['2'] },
      { cursor: SEARCH_CURSOR, key: 'categories', ids: ['2'] },
    ]);
  });

  it('also asks the values the whole collection has, so a search opened with Image checked offers Video', () => {
    const image = { count: 3, data: { id: 1, name: 'Image' } };
    const video = { count: 5, data: { id: 2, name: 'Video' } };
    const asked = run([
      firstPage({ assetnature: [image, video] }, SEARCH_VALUES_CURSOR),
      firstPage({ assetnature: [image] }),
    ]);
    expect(asked.filter((payload) => payload.ids && payload.key === 'assetnature')).toEqual([
      { cursor: SEARCH_CURSOR, key: 'assetnature', ids: ['1', '2'] },
    ]);
  });
});
