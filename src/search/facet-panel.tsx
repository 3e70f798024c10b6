import { useId, useState } from 'react';
import { selectCursorAggregates } from '../../streams/cursors/selectors';
import { selectSchemaFields } from '../../streams/schemas/selectors';
import { FACET_FIELDS, SEARCH_CURSOR, SEARCH_PATH, type SearchParams } from '../../streams/search/url';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';

interface Bucket {
  id: string;
  name: string;
  count: number;
}

/** A facet's list gets a filter box from this many values on. */
const FILTER_FROM = 8;

/** Inline aggregates of one field (protocol §9.1): `[{count, data: {id, name}}]`; buckets without a value are left out. */
function bucketsOf(aggregates: Record<string, unknown> | null, field: string): Bucket[] {
  const raw = aggregates?.[field];
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((bucket: { count?: unknown; data?: { id?: unknown; name?: unknown } | null }) =>
    bucket?.data && bucket.data.id !== undefined && typeof bucket.count === 'number'
      ? [
          {
            id: String(bucket.data.id),
            name: String(bucket.data.name ?? bucket.data.id),
            count: bucket.count,
          },
        ]
      : [],
  );
}

function Facet({
  field,
  label,
  buckets,
  checked,
  onChange,
}: {
  field: string;
  label: string;
  buckets: Bucket[];
  checked: readonly string[];
  onChange(values: string[]): void;
}) {
  const t = useTranslate();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  // checked values stay listed even when nothing matches them any more
  const missing = checked
    .filter((id) => !buckets.some((bucket) => bucket.id === id))
    .map((id) => ({ id, name: id, count: 0 }));
  const all = [...buckets, ...missing];
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

/** The facets: a checkbox per value with its count; checking narrows the search (operator `in`). */
export function FacetPanel({
  params,
  onChange,
}: {
  params: SearchParams;
  onChange(change: Partial<SearchParams>): void;
}) {
  const t = useTranslate();
  const aggregates = useAppState(selectCursorAggregates, SEARCH_CURSOR);
  const fields = useAppState(selectSchemaFields, SEARCH_PATH);
  const others = Object.keys(params.others);
  const filtered = others.length > 0 || Object.values(params.facets).some((values) => values.length > 0);
  return (
    <section className="facet-panel" aria-label={t('search.facets')}>
      <h2>{t('search.facets')}</h2>
      {FACET_FIELDS.map((field) => (
        <Facet
          key={field}
          field={field}
          label={fields[field]?.label ?? field}
          buckets={bucketsOf(aggregates, field)}
          checked={params.facets[field] ?? []}
          onChange={(values) => onChange({ facets: { ...params.facets, [field]: values } })}
        />
      ))}
      {others.length > 0 && (
        <div className="facet">
          <h3>{t('search.otherFilters')}</h3>
          <ul className="facet__values">
            {others.map((key) => (
              <li key={key}>
                <code>{JSON.stringify(params.others[key])}</code>{' '}
                <button
                  type="button"
                  aria-label={t('search.removeFilter', { name: key })}
                  onClick={() => {
                    const { [key]: _removed, ...rest } = params.others;
                    onChange({ others: rest });
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {filtered && (
        <button type="button" onClick={() => onChange({ facets: {}, others: {} })}>
          {t('search.clearFilters')}
        </button>
      )}
    </section>
  );
}
