import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { selectConstraintCounts } from '../../streams/aggregates/selectors';
import { SEARCH_CURSOR, SEARCH_TREE, TREE_FIELD } from '../../streams/search/url';
import { fetchRequested } from '../../streams/trees/events';
import { selectTree, type TreeNode, type TreeState } from '../../streams/trees/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/** A node as the tree shows it: where it sits (aria-level, -setsize, -posinset) and its children if expanded. */
interface Row {
  node: TreeNode;
  level: number;
  setSize: number;
  posInSet: number;
  parent: string | null;
  children: Row[] | null;
}

/** Children not asked yet may exist unless the server said there are none. */
const hasChildren = (node: TreeNode): boolean =>
  node.children === null ? (node.childrenCount ?? 1) > 0 : node.children.length > 0;

function rowsOf(
  tree: TreeState,
  ids: readonly string[],
  level: number,
  parent: string | null,
  expanded: ReadonlySet<string>,
): Row[] {
  const nodes = ids.flatMap((id) => (tree.nodes[id] ? [tree.nodes[id]] : []));
  return nodes.map((node, index) => ({
    node,
    level,
    setSize: nodes.length,
    posInSet: index + 1,
    parent,
    children:
      expanded.has(node.id) && node.children
        ? rowsOf(tree, node.children, level + 1, node.id, expanded)
        : null,
  }));
}

const isTypeAhead = (event: KeyboardEvent): boolean =>
  event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;

/** The rows in the order the keyboard walks them (expanded children after their parent). */
const flatten = (rows: readonly Row[]): Row[] => rows.flatMap((row) => [row, ...flatten(row.children ?? [])]);

interface ItemProps {
  row: Row;
  focused: string | null;
  selected: string | null;
  counts: Readonly<Record<string, { total: number | null }>>;
  nodeTokens: Readonly<Record<string, string>>;
  register(id: string, element: HTMLDivElement | null): void;
  onFocus(id: string): void;
  onToggle(node: TreeNode): void;
  onSelect(id: string): void;
}

function CategoryItem(props: ItemProps) {
  const { row, focused, selected, counts, nodeTokens, register, onFocus, onToggle, onSelect } = props;
  const t = useTranslate();
  const labelId = useId();
  const { node } = row;
  const expandable = hasChildren(node);
  const expanded = row.children !== null;
  const total = counts[node.id]?.total;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree takes the keys of all its items (Enter, Space, arrows)
    <div
      ref={(element) => register(node.id, element)}
      role="treeitem"
      aria-labelledby={labelId}
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={expandable ? expanded : undefined}
      aria-selected={selected === node.id}
      tabIndex={focused === node.id ? 0 : -1}
      className="category-tree__item"
      onFocus={(event) => {
        event.stopPropagation();
        onFocus(node.id);
      }}
      onClick={(event) => {
        event.stopPropagation();
        onSelect(node.id);
      }}
    >
      <div className="category-tree__row">
        {expandable ? (
          <button
            type="button"
            tabIndex={-1}
            className="category-tree__toggle"
            aria-label={t(expanded ? 'search.collapse' : 'search.expand', { name: node.name })}
            onClick={(event) => {
              event.stopPropagation();
              onToggle(node);
            }}
          >
            {expanded ? '▾' : '▸'}
          </button>
        ) : (
          <span className="category-tree__toggle" aria-hidden="true" />
        )}
        <span id={labelId} className="category-tree__name">
          {typeof total === 'number' ? t('search.facetValue', { name: node.name, count: total }) : node.name}
        </span>
      </div>
      {row.children && (
        // biome-ignore lint/a11y/useSemanticElements: a tree's group of child items, not a form's fieldset
        <div
          role="group"
          className="category-tree__group"
          aria-busy={nodeTokens[node.id] !== undefined || node.children === null}
        >
          {row.children.map((child) => (
            <CategoryItem key={child.node.id} {...props} row={child} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The category tree (WAI-ARIA tree pattern): one tab stop, arrows move and open or close, Home
 * and End jump, Enter or Space picks a node to search inside it (operator `descendantof`).
 * Children are loaded when a node opens; next pages load by themselves (streams/trees). Counts
 * are those of the list without the category constraint (streams/search countSearchFacets).
 */
export function CategoryTree({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect(id: string | null): void;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const tree = useAppState(selectTree, SEARCH_TREE);
  const counts = useAppState(selectConstraintCounts, SEARCH_CURSOR, TREE_FIELD);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const items = useRef(new Map<string, HTMLDivElement>());

  // a category picked elsewhere (a saved search, a shared address) is shown: its loaded ancestors
  // open once, when it becomes known; the user may close them again
  const shownFor = useRef<string | null>(null);
  const selectedKnown = selected !== null && tree?.nodes[selected] !== undefined;
  useEffect(() => {
    if (!tree || selected === null || !selectedKnown || shownFor.current === selected) return;
    shownFor.current = selected;
    const ancestors: string[] = [];
    for (let id = tree.nodes[selected]?.parent ?? null; id !== null && tree.nodes[id]; ) {
      if (ancestors.includes(id)) break;
      ancestors.push(id);
      id = tree.nodes[id]?.parent ?? null;
    }
    if (ancestors.length > 0) setExpanded((current) => new Set([...current, ...ancestors]));
  }, [tree, selected, selectedKnown]);

  const rows = tree ? rowsOf(tree, tree.roots, 1, null, expanded) : [];
  const visible = flatten(rows);
  const at = (id: string | null) => visible.findIndex((row) => row.node.id === id);
  // the tab stop: the focused node while shown, else the selected one, else the first
  const focused =
    (at(focusedId) >= 0 ? focusedId : at(selected) >= 0 ? selected : visible[0]?.node.id) ?? null;

  const moveTo = (row: Row | undefined) => {
    if (!row) return;
    setFocusedId(row.node.id);
    items.current.get(row.node.id)?.focus();
  };
  const toggle = (node: TreeNode) => {
    const opening = !expanded.has(node.id);
    // children not asked yet are loaded from this node (depth >= 1, protocol §10.1)
    if (opening && node.children === null) dispatch(fetchRequested({ name: SEARCH_TREE, nodeId: node.id }));
    const next = new Set(expanded);
    if (opening) next.add(node.id);
    else next.delete(node.id);
    setExpanded(next);
  };
  const pick = (id: string) => onSelect(selected === id ? null : id);
  // a letter goes to the next shown node whose name starts with it (after the focused one, wrapping)
  const nextStartingWith = (letter: string) => {
    const index = at(focused);
    const after = [...visible.slice(index + 1), ...visible.slice(0, index + 1)];
    return after.find((row) => row.node.name.toLowerCase().startsWith(letter.toLowerCase()));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = at(focused);
    const row = visible[index];
    if (!row) return;
    const { node } = row;
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(visible[index + 1]),
      ArrowUp: () => moveTo(visible[index - 1]),
      Home: () => moveTo(visible[0]),
      End: () => moveTo(visible.at(-1)),
      ArrowRight: () => {
        if (!hasChildren(node)) return;
        if (row.children === null) toggle(node);
        else moveTo(row.children[0]);
      },
      ArrowLeft: () => {
        if (row.children !== null) toggle(node);
        else moveTo(visible[at(row.parent)]);
      },
      Enter: () => pick(node.id),
      ' ': () => pick(node.id),
    };
    const action = keys[event.key] ?? (isTypeAhead(event) ? () => moveTo(nextStartingWith(event.key)) : null);
    if (!action) return;
    event.preventDefault();
    action();
  };

  const register = (id: string, element: HTMLDivElement | null) => {
    if (element) items.current.set(id, element);
    else items.current.delete(id);
  };
  const status = tree?.status ?? 'unknown';
  return (
    <nav className="category-tree" aria-label={t('search.categories')}>
      <h2>{t('search.categories')}</h2>
      {tree?.error && (
        <ErrorMessage
          lead={t('search.treeFailed')}
          error={tree.error}
          onRetry={() => dispatch(fetchRequested({ name: SEARCH_TREE }))}
          retryLabel={t('search.retry')}
        />
      )}
      {rows.length === 0 && !tree?.error && status !== 'loaded' && (
        <p role="status">{t('search.treeLoading')}</p>
      )}
      <button
        type="button"
        className="btn-ghost btn-small category-tree__all"
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        {t('search.allCategories')}
      </button>
      {rows.length > 0 && (
        <div
          role="tree"
          aria-label={t('search.categories')}
          aria-busy={tree?.hasMoreResults ?? false}
          className="category-tree__tree"
          onKeyDown={onKeyDown}
        >
          {rows.map((row) => (
            <CategoryItem
              key={row.node.id}
              row={row}
              focused={focused}
              selected={selected}
              counts={counts}
              nodeTokens={tree?.nodeTokens ?? {}}
              register={register}
              onFocus={setFocusedId}
              onToggle={toggle}
              onSelect={pick}
            />
          ))}
        </div>
      )}
    </nav>
  );
}
