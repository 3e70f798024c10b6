import { useId, useRef, useState } from 'react';
import { retryRequested } from '../../streams/aggregates/events';
import {
  type Count,
  selectAggregatesFailure,
  selectConstraintCounts,
  selectFieldAggregate,
} from '../../streams/aggregates/selectors';
import { selectSchemaFields } from '../../streams/schemas/selectors';
import { FACET_FIELDS, SEARCH_CURSOR, SEARCH_PATH, type SearchParams } from '../../streams/search/url';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './messages';

interface Bucket {
  id: string;
  name: string;
  count: number;
}

/** A facet's list gets a filter box from this many values on. */
const FILTER_FROM = 8;

/**
 * The values of a facet and their counts. A value counts the list without the facet's own
 * constraint (`total` of the constraint aggregates, protocol §9.1), so checking Image keeps Video's
 * count: what adding it would give. The list's inline aggregates only tell which values exist
 * (and their counts while the facet is not constrained, which are the same). A count being asked
 * again keeps its last figure rather than blinking; values nothing would add are left out
 * unless checked.
 */
function useFacetBuckets(field: string, checked: readonly string[]): Bucket[] {
  const inline = useAppState(selectFieldAggregate, SEARCH_CURSOR, field);
  const counts = useAppState(selectConstraintCounts, SEARCH_CURSOR, field);
  const last = useRef(new Map<string, Count>());
  for (const [id, count] of Object.entries(counts)) if (count.total !== null) last.current.set(id, count);
  const buckets = new Map<string, Bucket>();
  for (const bucket of inline) {
    if (!bucket.data) continue;
    const id = String(bucket.data.id);
    const known = last.current.get(id);
    const count = known?.total ?? (checked.length === 0 ? bucket.count : 0);
    buckets.set(id, { id, name: bucket.data.name, count });
  }
  for (const [id, known] of last.current) {
    if (id !== '-1' && !buckets.has(id))
      buckets.set(id, { id, name: known.name || id, count: known.total ?? 0 });
  }
  for (const id of checked) if (!buckets.has(id)) buckets.set(id, { id, name: id, count: 0 });
  return [...buckets.values()]
    .filter((bucket) => bucket.count > 0 || checked.includes(bucket.id))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function Facet({
  field,
  label,
  checked,
  onChange,
}: {
  field: string;
  label: string;
  checked: readonly string[];
  onChange(values: string[]): void;
}) {
  const t = useTranslate();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const all = useFacetBuckets(field, checked);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? all.filter((bucket) => bucket.name.toLowerCase().includes(needle)) : all;
  if (all.length === 0) return null;
  return (
    <fieldset className="facet">
      <legend>{label}</legend>
      {all.length >= FILTER_FROM && (
        <input
          id={filterId}
          type="search"
          className="facet__filter"
          aria-label={t('search.facetFilter', { label })}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <ul className="facet__values" data-field={field}>
        {shown.map((bucket) => {
          const isChecked = checked.includes(bucket.id);
          return (
            <li key={bucket.id}>
              <label>
                <input
                  type="checkbox"
                  checked={isChecked}
                  onChange={() =>
                    onChange(isChecked ? checked.filter((id) => id !== bucket.id) : [...checked, bucket.id])
                  }
                />{' '}
                {t('search.facetValue', { name: bucket.name, count: bucket.count })}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The facets: a checkbox per value with its count; checking narrows the search (operator `in`), values of one facet add up. */
export function FacetPanel({
  params,
  onChange,
}: {
  params: SearchParams;
  onChange(change: Partial<SearchParams>): void;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const fields = useAppState(selectSchemaFields, SEARCH_PATH);
  const countsFailure = useAppState(selectAggregatesFailure, SEARCH_CURSOR);
  return (
    <section className="facet-panel" aria-label={t('search.facets')}>
      <h2>{t('search.facets')}</h2>
      {countsFailure && (
        <ErrorMessage
          role="status"
          className="facet-panel__problem"
          lead={t('search.countsFailed')}
          error={countsFailure}
          onRetry={() => dispatch(retryRequested({ cursor: SEARCH_CURSOR }))}
        />
      )}
      {FACET_FIELDS.map((field) => (
        <Facet
          key={field}
          field={field}
          label={fields[field]?.label ?? field}
          checked={params.facets[field] ?? []}
          onChange={(values) => onChange({ facets: { ...params.facets, [field]: values } })}
        />
      ))}
      {/* the other constraints and "Clear all filters" are in the active filters bar (active-filters.tsx) */}
    </section>
  );
}
