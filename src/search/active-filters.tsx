import { useEffect, useMemo } from 'react';
import { selectConstraintCounts, selectFieldAggregate } from '../../streams/aggregates/selectors';
import type { UnstampedEvent } from '../../streams/core/event';
import { fetchRequested, registrationRequested, removed } from '../../streams/cursors/events';
import { selectCursor, selectCursorRows } from '../../streams/cursors/selectors';
import {
  selectNaturalLanguageChips,
  selectNaturalLanguageClear,
} from '../../streams/natural-language/selectors';
import { selectSchemaFields } from '../../streams/schemas/selectors';
import {
  FACET_FIELDS,
  SEARCH_CURSOR,
  SEARCH_PATH,
  SEARCH_TREE,
  SEARCH_TREE_PATH,
  SEARCH_VALUES_CURSOR,
  type SearchParams,
  TREE_FIELD,
} from '../../streams/search/url';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { selectTree } from '../../streams/trees/selectors';
import type { RootState } from '../../streams/root';
import { usePortal } from '../app/store-context';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { constraintLabel, fieldLabel, valueLabel, valueText } from './facet-labels';
import { chipLabel } from './natural-language';
import './messages';
import './active-filters.css';
import { wireId } from '../../streams/core/wire-id';

/** One active filter: how it is named, and what removing it changes (the address, or an event). */
interface Chip {
  key: string;
  label: string;
  remove: Partial<SearchParams> | UnstampedEvent;
}

const isEvent = (remove: Chip['remove']): remove is UnstampedEvent => 'type' in remove && 'payload' in remove;

/** The names of facet values and categories the lists and counts know, by field and id, as JSON (one string: a view re-renders only when it changes). */
const selectAggregateNames = (state: RootState): string => {
  const names: Record<string, Record<string, string>> = {};
  for (const field of [...FACET_FIELDS, TREE_FIELD]) {
    const known: Record<string, string> = {};
    for (const cursor of [SEARCH_VALUES_CURSOR, SEARCH_CURSOR])
      for (const bucket of selectFieldAggregate(state, cursor, field))
        if (bucket.data) known[String(bucket.data.id)] ??= bucket.data.name;
    for (const [id, count] of Object.entries(selectConstraintCounts(state, SEARCH_CURSOR, field)))
      if (count.name) known[id] ??= count.name;
    names[field] = known;
  }
  return JSON.stringify(names);
};

/** A list naming the categories of the search's constraints that neither the tree nor the counts know. */
export const CATEGORY_NAMES_CURSOR = 'search-category-names';

/**
 * The names of categories by id, asked once per set of unknown ids: a saved search may constrain
 * leaves the tree has not loaded ("Tokyo and Paris": `categories in [57, 60]`).
 */
function useCategoryNames(unknown: readonly string[]): Record<string, string> {
  const dispatch = useDispatch();
  const { store } = usePortal();
  const rows = useAppState(selectCursorRows, CATEGORY_NAMES_CURSOR);
  const wanted = unknown.join(',');
  useEffect(() => {
    if (!wanted) return;
    const ids = wanted.split(',');
    if (selectCursor(store.getState(), CATEGORY_NAMES_CURSOR))
      dispatch(removed({ name: CATEGORY_NAMES_CURSOR }));
    dispatch(
      registrationRequested({
        name: CATEGORY_NAMES_CURSOR,
        path: SEARCH_TREE_PATH,
        max: ids.length,
        constraints: {
          id: { field: 'id', operator: 'in', value: ids.map(wireId) },
        },
      }),
    );
    dispatch(fetchRequested({ name: CATEGORY_NAMES_CURSOR }));
  }, [dispatch, store, wanted]);
  return useMemo(
    () =>
      Object.fromEntries(
        rows.flatMap((row) => (typeof row.name === 'string' ? [[String(row.id), row.name]] : [])),
      ),
    [rows],
  );
}

/** The category ids of the search (its node, other constraints on the tree's field). */
function categoryIdsOf(params: SearchParams): string[] {
  const ids = params.node ? [params.node] : [];
  for (const wire of Object.values(params.others)) {
    const test = wire[TREE_FIELD];
    for (const value of Object.values(test ?? {})) if (Array.isArray(value)) ids.push(...value.map(String));
  }
  return ids;
}

/**
 * Every constraint of the search as a chip, in the user's words: the checked facet values ("Nature:
 * Vidéo"), the category ("Categories: Brand"), the other constraints of the address ("End of rights
 * before 1 Mar 2026", those of a saved search among them) and a sentence's (natural language).
 * Values are named from the facet values lists, the counts and the category tree, else their id.
 */
export function useActiveChips(params: SearchParams): Chip[] {
  const t = useTranslate();
  const locale = useAppState(selectEffectiveLocale);
  const fields = useAppState(selectSchemaFields, SEARCH_PATH);
  const tree = useAppState(selectTree, SEARCH_TREE);
  const namesJson = useAppState(selectAggregateNames);
  const aggregateNames = useMemo(
    () => JSON.parse(namesJson) as Record<string, Record<string, string>>,
    [namesJson],
  );
  const sentence = useAppState(selectNaturalLanguageChips, SEARCH_CURSOR);
  const label = (field: string) => fieldLabel(t, locale, field, fields[field]?.label);
  // asked only once the tree has loaded its first levels: most categories are named by it
  const unknownCategories =
    tree?.status === 'loaded'
      ? categoryIdsOf(params).filter((id) => !tree.nodes[id] && !aggregateNames[TREE_FIELD]?.[id])
      : [];
  const categoryNames = useCategoryNames(unknownCategories);
  const nameOf = (field: string) => (id: string) => {
    const name = field === TREE_FIELD ? (tree?.nodes[id]?.name ?? categoryNames[id]) : undefined;
    return valueLabel(locale, field, name ?? aggregateNames[field]?.[id] ?? id);
  };

  const facetFields = [
    ...FACET_FIELDS,
    ...Object.keys(params.facets).filter((field) => !(FACET_FIELDS as readonly string[]).includes(field)),
  ];
  const facets: Chip[] = facetFields.flatMap((field) => {
    const values = params.facets[field] ?? [];
    return values.map((id) => ({
      key: `${field}:${id}`,
      label: constraintLabel(t, label(field), 'in', nameOf(field)(id)),
      remove: { facets: { ...params.facets, [field]: values.filter((value) => value !== id) } },
    }));
  });
  const node: Chip[] = params.node
    ? [
        {
          key: 'node',
          label: constraintLabel(t, t('search.category'), 'in', nameOf(TREE_FIELD)(params.node)),
          remove: { node: null },
        },
      ]
    : [];
  const others: Chip[] = Object.entries(params.others).map(([key, wire]) => {
    const { [key]: _removed, ...rest } = params.others;
    const [field, test] = Object.entries(wire)[0] ?? [key, {}];
    const [operator, value] = Object.entries(test ?? {})[0] ?? ['', ''];
    return {
      key,
      label: constraintLabel(t, label(field), operator, valueText(value, locale, nameOf(field))),
      remove: { others: rest },
    };
  });
  const spoken: Chip[] = sentence.map((chip) => ({
    key: `nl:${chip.key}`,
    label: chipLabel(chip, t, fields),
    remove: chip.removal,
  }));
  return [...facets, ...node, ...others, ...spoken];
}

function ChipButton({ chip, onChange }: { chip: Chip; onChange(change: Partial<SearchParams>): void }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const name = t('search.removeFilter', { name: chip.label });
  return (
    <li className="chip chip-removable active-filters__chip">
      <span>{chip.label}</span>
      <button
        type="button"
        aria-label={name}
        title={name}
        onClick={() => (isEvent(chip.remove) ? dispatch(chip.remove) : onChange(chip.remove))}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** "Clear all filters": every constraint of the address, and a sentence's chips when there are some. */
export function useClearAll(): (
  chips: readonly Chip[],
  onChange: (change: Partial<SearchParams>) => void,
) => void {
  const dispatch = useDispatch();
  const { store } = usePortal();
  return (chips, onChange) => {
    if (chips.some((chip) => chip.key.startsWith('nl:')))
      dispatch(selectNaturalLanguageClear(store.getState(), SEARCH_CURSOR));
    onChange({ facets: {}, others: {}, node: null });
  };
}

/**
 * The active filters of the search, all of them in one bar (UI-CONTRACT "Active filters"): each a
 * chip with its button "Remove filter <label>", and "Clear all filters". The text itself is not a
 * filter: it stays in the box.
 */
export function ActiveFilters({
  params,
  onChange,
}: {
  params: SearchParams;
  onChange(change: Partial<SearchParams>): void;
}) {
  const t = useTranslate();
  const clearAll = useClearAll();
  const chips = useActiveChips(params);
  if (chips.length === 0) return null;
  return (
    <section className="active-filters" aria-label={t('search.activeFilters')}>
      <ul className="active-filters__list">
        {chips.map((chip) => (
          <ChipButton key={chip.key} chip={chip} onChange={onChange} />
        ))}
      </ul>
      <button
        type="button"
        className="btn-ghost btn-small active-filters__clear"
        onClick={() => clearAll(chips, onChange)}
      >
        {t('search.clearFilters')}
      </button>
    </section>
  );
}
