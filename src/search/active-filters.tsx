import { selectFieldAggregate } from '../../streams/aggregates/selectors';
import type { UnstampedEvent } from '../../streams/core/event';
import {
  selectNaturalLanguageChips,
  selectNaturalLanguageClear,
} from '../../streams/natural-language/selectors';
import { selectSchemaFields } from '../../streams/schemas/selectors';
import { selectTree } from '../../streams/trees/selectors';
import {
  FACET_FIELDS,
  SEARCH_CURSOR,
  SEARCH_PATH,
  SEARCH_TREE,
  SEARCH_VALUES_CURSOR,
  type SearchParams,
} from '../../streams/search/url';
import { usePortal } from '../app/store-context';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { chipLabel } from './natural-language';
import './messages';
import './messages';
import './active-filters.css';

/** One active filter: how it is named, and what removing it changes (the address, or an event). */
interface Chip {
  key: string;
  label: string;
  remove: Partial<SearchParams> | UnstampedEvent;
}

const isEvent = (remove: Chip['remove']): remove is UnstampedEvent => 'type' in remove && 'payload' in remove;

/** The name of a facet value: from the facet values list, then the results' own counts, else its id. */
function useValueNames(field: string): (id: string) => string {
  const all = useAppState(selectFieldAggregate, SEARCH_VALUES_CURSOR, field);
  const own = useAppState(selectFieldAggregate, SEARCH_CURSOR, field);
  return (id) => {
    const bucket = [...all, ...own].find((one) => one.data && String(one.data.id) === id);
    return bucket?.data?.name ?? id;
  };
}

function FacetChips({
  field,
  params,
  label,
  onChange,
}: {
  field: string;
  params: SearchParams;
  label: string;
  onChange(change: Partial<SearchParams>): void;
}) {
  const nameOf = useValueNames(field);
  const values = params.facets[field] ?? [];
  return (
    <>
      {values.map((id) => (
        <ChipButton
          key={`${field}:${id}`}
          chip={{
            key: `${field}:${id}`,
            label: `${label}: ${nameOf(id)}`,
            remove: { facets: { ...params.facets, [field]: values.filter((value) => value !== id) } },
          }}
          onChange={onChange}
        />
      ))}
    </>
  );
}

function ChipButton({ chip, onChange }: { chip: Chip; onChange(change: Partial<SearchParams>): void }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  return (
    <li className="active-filters__chip">
      <span aria-hidden="true">{chip.label}</span>
      <button
        type="button"
        aria-label={t('search.removeFilter', { name: chip.label })}
        title={t('search.removeFilter', { name: chip.label })}
        onClick={() => (isEvent(chip.remove) ? dispatch(chip.remove) : onChange(chip.remove))}
      >
        ×
      </button>
    </li>
  );
}

/**
 * The active filters of the search, all of them in one bar (UI-CONTRACT "Active filters"): the
 * checked facet values, the category, and every other constraint of the address (those a
 * natural-language sentence gave among them), each a button "Remove filter <label>", and
 * "Clear all filters". The text itself is not a filter: it stays in the box.
 */
export function ActiveFilters({
  params,
  onChange,
}: {
  params: SearchParams;
  onChange(change: Partial<SearchParams>): void;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const fields = useAppState(selectSchemaFields, SEARCH_PATH);
  const tree = useAppState(selectTree, SEARCH_TREE);
  const facetFields = [
    ...FACET_FIELDS,
    ...Object.keys(params.facets).filter((field) => !(FACET_FIELDS as readonly string[]).includes(field)),
  ].filter((field) => (params.facets[field] ?? []).length > 0);
  const others: Chip[] = Object.entries(params.others).map(([key, wire]) => {
    const { [key]: _removed, ...rest } = params.others;
    const [field, test] = Object.entries(wire)[0] ?? [key, {}];
    const [operator, value] = Object.entries(test ?? {})[0] ?? ['', ''];
    const shown = Array.isArray(value) ? value.join(', ') : String(value);
    return {
      key,
      label: `${fields[field]?.label ?? field} ${operator} ${shown}`.trim(),
      remove: { others: rest },
    };
  });
  const { store } = usePortal();
  const sentence: Chip[] = useAppState(selectNaturalLanguageChips, SEARCH_CURSOR).map((chip) => ({
    key: `nl:${chip.key}`,
    label: chipLabel(chip, t, fields),
    remove: chip.removal,
  }));
  const node: Chip | null = params.node
    ? {
        key: 'node',
        label: `${fields.categories?.label ?? t('search.category')}: ${tree?.nodes[params.node]?.name ?? params.node}`,
        remove: { node: null },
      }
    : null;
  if (facetFields.length === 0 && others.length === 0 && !node && sentence.length === 0) return null;
  return (
    <section className="active-filters" aria-label={t('search.activeFilters')}>
      <ul className="active-filters__list">
        {facetFields.map((field) => (
          <FacetChips
            key={field}
            field={field}
            params={params}
            label={fields[field]?.label ?? field}
            onChange={onChange}
          />
        ))}
        {node && <ChipButton chip={node} onChange={onChange} />}
        {[...others, ...sentence].map((chip) => (
          <ChipButton key={chip.key} chip={chip} onChange={onChange} />
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          if (sentence.length > 0) dispatch(selectNaturalLanguageClear(store.getState(), SEARCH_CURSOR));
          onChange({ facets: {}, others: {}, node: null });
        }}
      >
        {t('search.clearFilters')}
      </button>
    </section>
  );
}
