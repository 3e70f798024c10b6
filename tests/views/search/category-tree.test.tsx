import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CategoryTree } from '../../../src/search/category-tree';
import { constraintRegistered, loaded } from '../../../streams/aggregates/events';
import * as cursors from '../../../streams/cursors/events';
import {
  SEARCH_CURSOR,
  SEARCH_PATH,
  SEARCH_TREE,
  SEARCH_TREE_PATH,
  TREE_FIELD,
} from '../../../streams/search/url';
import * as trees from '../../../streams/trees/events';
import type { TreeNode } from '../../../streams/trees/model';
import { renderWithStore } from '../../helpers/render';

const node = (id: string, parent: string | null, children: string[] | null): TreeNode => ({
  id,
  name: `Cat ${id}`,
  parent,
  root: parent === null,
  children,
  childrenCount: null,
});

/** Roots 1 and 2; 1 has 11 and 12 loaded (depth 2), 11 has children not asked yet, 12 has none. */
const loadedTree = [
  trees.registrationRequested({ name: SEARCH_TREE, path: SEARCH_TREE_PATH }),
  trees.registered({
    name: SEARCH_TREE,
    options: {
      depth: 2,
      max: 24,
      orderby: [],
      props: [],
      techprops: [],
      query: null,
      staticQuery: null,
      withAggregates: false,
      enableKeywords: false,
      disableUseTreeApi: false,
    },
  }),
  trees.resolved({ name: SEARCH_TREE, treefield: 'parent' }),
  trees.fetchStarted({ name: SEARCH_TREE, nodeId: null, next: false, signature: 's' }),
  trees.pageLoaded({
    name: SEARCH_TREE,
    nodeId: null,
    next: false,
    signature: 's',
    roots: ['1', '2'],
    nodes: [
      node('1', null, ['11', '12']),
      node('2', null, []),
      node('11', '1', null),
      { ...node('12', '1', []), childrenCount: 0 },
    ],
    total: 2,
    hasMoreResults: false,
    nextResultsToken: null,
  }),
];

/** Counts of the list without the category constraint (`total`), node 11 counted 7 of 9. */
const treeCounts = [
  cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
  constraintRegistered({
    cursor: SEARCH_CURSOR,
    key: TREE_FIELD,
    field: TREE_FIELD,
    operator: 'descendantof',
  }),
  loaded({
    cursor: SEARCH_CURSOR,
    signature: 'a',
    total: 7,
    aggregates: {
      [TREE_FIELD]: [
        { count: 7, total: 30, data: { id: 1, name: 'Cat 1' } },
        { count: 7, total: 9, data: { id: 11, name: 'Cat 11' } },
      ],
    },
  }),
];

function renderTree(selected: string | null = null) {
  const picked: Array<string | null> = [];
  const view = renderWithStore(<CategoryTree selected={selected} onSelect={(id) => picked.push(id)} />, [
    ...loadedTree,
    ...treeCounts,
  ]);
  return { ...view, picked, tree: screen.getByRole('tree', { name: 'Categories' }) };
}

const focusedName = () =>
  document.activeElement?.getAttribute('aria-labelledby') &&
  document.getElementById(document.activeElement.getAttribute('aria-labelledby') ?? '')?.textContent;

describe('CategoryTree (ARIA tree)', () => {
  it('has one tab stop, items with level, position, expanded and selected states, and counts', () => {
    renderTree('2');
    const items = screen.getAllByRole('treeitem');
    expect(items.map((item) => item.getAttribute('aria-level'))).toEqual(['1', '1']);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBeNull();
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(first.getAttribute('aria-posinset')).toBe('1');
    expect(first.getAttribute('aria-setsize')).toBe('2');
    // the tab stop is the selected node; the count is the one without the category constraint
    expect(items.map((item) => item.tabIndex)).toEqual([-1, 0]);
    expect(screen.getByRole('treeitem', { name: 'Cat 1 (30)' })).toBe(first);
  });

  it('walks with the arrows, Home and End, opens and closes, and picks with Enter and Space', () => {
    const { picked, dispatched, tree } = renderTree();
    const root = screen.getByRole('treeitem', { name: 'Cat 1 (30)' });
    root.focus();
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    expect(root.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('treeitem')).toHaveLength(4);
    // loaded children are not asked again
    expect(dispatched.filter((event) => event.type === 'trees/fetchRequested')).toEqual([]);
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    expect(focusedName()).toBe('Cat 11 (9)');
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(focusedName()).toBe('Cat 12');
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(focusedName()).toBe('Cat 2');
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(focusedName()).toBe('Cat 2');
    fireEvent.keyDown(tree, { key: 'Home' });
    expect(focusedName()).toBe('Cat 1 (30)');
    fireEvent.keyDown(tree, { key: 'End' });
    expect(focusedName()).toBe('Cat 2');
    fireEvent.keyDown(tree, { key: 'ArrowUp' });
    expect(focusedName()).toBe('Cat 12');
    // only the focused item is in the tab order
    expect(screen.getAllByRole('treeitem').filter((item) => item.tabIndex === 0)).toEqual([
      document.activeElement,
    ]);
    fireEvent.keyDown(tree, { key: 'Enter' });
    fireEvent.keyDown(tree, { key: 'ArrowUp' });
    // 11's children were never asked: opening it loads them from that node
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    expect(
      dispatched.filter((event) => event.type === 'trees/fetchRequested').map((event) => event.payload),
    ).toEqual([{ name: SEARCH_TREE, nodeId: '11' }]);
    fireEvent.keyDown(tree, { key: ' ' });
    // Left closes an open node, then goes up to the parent, then closes it
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(screen.getByRole('treeitem', { name: 'Cat 11 (9)' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(focusedName()).toBe('Cat 1 (30)');
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(root.getAttribute('aria-expanded')).toBe('false');
    expect(picked).toEqual(['12', '11']);
    // a letter goes to the next node whose name starts with it
    fireEvent.keyDown(tree, { key: 'c' });
    expect(focusedName()).toBe('Cat 2');
  });

  it('keeps the mouse affordances: Expand buttons out of the tab order, a click picks a node', () => {
    const { picked } = renderTree();
    const expand = screen.getByRole('button', { name: 'Expand Cat 1' });
    expect(expand.tabIndex).toBe(-1);
    fireEvent.click(expand);
    expect(screen.getByRole('button', { name: 'Collapse Cat 1' })).toBeTruthy();
    expect(picked).toEqual([]);
    fireEvent.click(screen.getByText('Cat 12'));
    fireEvent.click(screen.getByRole('button', { name: 'All categories' }));
    expect(picked).toEqual(['12', null]);
  });
});

describe('CategoryTree shows a category picked elsewhere (a saved search, issue 13)', () => {
  it('opens the ancestors of the selected node, once, and the node is the tab stop', () => {
    renderTree('12');
    const selected = screen.getByRole('treeitem', { name: 'Cat 12', selected: true });
    expect(selected.tabIndex).toBe(0);
    const root = screen.getByRole('treeitem', { name: 'Cat 1 (30)' });
    expect(root.getAttribute('aria-expanded')).toBe('true');
    // the user may close it again
    fireEvent.click(screen.getByRole('button', { name: 'Collapse Cat 1' }));
    expect(root.getAttribute('aria-expanded')).toBe('false');
  });

  it('"All categories" clears the tree constraint', () => {
    const { picked } = renderTree('12');
    const all = screen.getByRole('button', { name: 'All categories' });
    expect(all.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(all);
    expect(picked).toEqual([null]);
  });
});
