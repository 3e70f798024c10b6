import { useState } from 'react';
import { fetchRequested } from '../../streams/trees/events';
import type { TreeNode } from '../../streams/trees/model';
import {
  selectTreeChildren,
  selectTreeError,
  selectTreeRoots,
  selectTreeStatus,
} from '../../streams/trees/selectors';
import { SEARCH_TREE } from '../../streams/search/url';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';

interface NodeProps {
  node: TreeNode;
  selected: string | null;
  onSelect(id: string | null): void;
}

function CategoryNode({ node, selected, onSelect }: NodeProps) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const [expanded, setExpanded] = useState(false);
  const children = useAppState(selectTreeChildren, SEARCH_TREE, node.id);
  const hasChildren = node.children === null ? (node.childrenCount ?? 1) > 0 : node.children.length > 0;
  return (
    <li>
      <div className="category-tree__row">
        {hasChildren ? (
          <button
            type="button"
            className="category-tree__toggle"
            aria-expanded={expanded}
            aria-label={t(expanded ? 'search.collapse' : 'search.expand', { name: node.name })}
            onClick={() => {
              // children not asked yet are loaded from this node (depth >= 1, protocol §10.1)
              if (!expanded && node.children === null)
                dispatch(fetchRequested({ name: SEARCH_TREE, nodeId: node.id }));
              setExpanded(!expanded);
            }}
          >
            {expanded ? '▾' : '▸'}
          </button>
        ) : (
          <span className="category-tree__toggle" aria-hidden="true" />
        )}
        <button
          type="button"
          className="category-tree__name"
          aria-pressed={selected === node.id}
          onClick={() => onSelect(selected === node.id ? null : node.id)}
        >
          {node.name}
        </button>
      </div>
      {expanded && children.length > 0 && (
        <ul>
          {children.map((child) => (
            <CategoryNode key={child.id} node={child} selected={selected} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The category tree: expand and collapse nodes, pick one to search inside it (operator `descendantof`). */
export function CategoryTree({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect(id: string | null): void;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const roots = useAppState(selectTreeRoots, SEARCH_TREE);
  const status = useAppState(selectTreeStatus, SEARCH_TREE);
  const error = useAppState(selectTreeError, SEARCH_TREE);
  return (
    <nav className="category-tree" aria-label={t('search.categories')}>
      <h2>{t('search.categories')}</h2>
      {error && (
        <div role="alert">
          {t('search.treeFailed', { message: error.message })}{' '}
          <button type="button" onClick={() => dispatch(fetchRequested({ name: SEARCH_TREE }))}>
            {t('search.retry')}
          </button>
        </div>
      )}
      {roots.length === 0 && !error && status !== 'loaded' && <p role="status">{t('search.treeLoading')}</p>}
      <button type="button" aria-pressed={selected === null} onClick={() => onSelect(null)}>
        {t('search.allCategories')}
      </button>
      <ul>
        {roots.map((node) => (
          <CategoryNode key={node.id} node={node} selected={selected} onSelect={onSelect} />
        ))}
      </ul>
    </nav>
  );
}
