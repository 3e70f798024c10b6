import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { retryRequested } from '../../streams/aggregates/events';
import {
  type Count,
  selectAggregatesFailure,
  selectConstraintCounts,
  selectFieldAggregate,
} from '../../streams/aggregates/selectors';
import { selectSchemaFields } from '../../streams/schemas/selectors';
import { FACET_FIELDS, SEARCH_CURSOR, SEARCH_PATH, type SearchParams } from '../../streams/search/url';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { fieldLabel, valueLabel } from './facet-labels';
import './messages';

interface Bucket {
  id: string;
  name: string;
  count: number;
}

/** A facet's list gets a filter box from this many values on. */
const FILTER_FROM = 8;
/** A facet shows this many values (and its checked ones) until "Show more". */
const TOP_VALUES = 6;

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

/** The keys that move between the values of a group (one tab stop per group). */
const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (index, last) => Math.min(index + 1, last),
  ArrowRight: (index, last) => Math.min(index + 1, last),
  ArrowUp: (index) => Math.max(index - 1, 0),
  ArrowLeft: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * One facet: a collapsible group whose values are ONE tab stop (arrow keys, Home and End move
 * between them, Space checks), showing its first values and "Show N more"; a long one has a
 * filter box. Checked values are always shown.
 */
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
  const locale = useAppState(selectEffectiveLocale);
  const bodyId = useId();
  const [open, setOpen] = useState(true);
  const [more, setMore] = useState(false);
  const [filter, setFilter] = useState('');
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const boxes = useRef(new Map<string, HTMLInputElement>());
  const all = useFacetBuckets(field, checked);
  if (all.length === 0) return null;
  const needle = filter.trim().toLowerCase();
  const named = all.map((bucket) => ({ ...bucket, label: valueLabel(locale, field, bucket.name) }));
  const matching = needle ? named.filter((bucket) => bucket.label.toLowerCase().includes(needle)) : named;
  const shown =
    more || needle
      ? matching
      : [
          ...matching.slice(0, TOP_VALUES),
          ...matching.slice(TOP_VALUES).filter((bucket) => checked.includes(bucket.id)),
        ];
  const hiddenCount = matching.length - shown.length;
  const tabStop =
    shown.find((bucket) => bucket.id === focusedId) ??
    shown.find((bucket) => checked.includes(bucket.id)) ??
    shown[0];
  const numbers = new Intl.NumberFormat(locale);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = MOVES[event.key];
    if (!move || !tabStop) return;
    event.preventDefault();
    const next = shown[move(shown.indexOf(tabStop), shown.length - 1)];
    if (!next) return;
    setFocusedId(next.id);
    boxes.current.get(next.id)?.focus();
  };

  return (
    <fieldset className="facet" data-field={field}>
      <legend className="facet__legend">
        <button
          type="button"
          className="btn-ghost facet__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {label}
        </button>
        {checked.length > 0 && (
          <span className="badge badge-info facet__count" aria-hidden="true">
            {numbers.format(checked.length)}
          </span>
        )}
      </legend>
      <div id={bodyId} className="facet__body" hidden={!open}>
        {open && all.length >= FILTER_FROM && (
          <input
            type="search"
            className="facet__filter"
            aria-label={t('search.facetFilter', { label })}
            placeholder={t('search.facetFilter', { label })}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        )}
        {open && (
          <ul className="facet__values" data-field={field} onKeyDown={onKeyDown}>
            {shown.map((bucket) => {
              const isChecked = checked.includes(bucket.id);
              return (
                <li key={bucket.id}>
                  <label className="facet__value">
                    <input
                      ref={(element) => {
                        if (element) boxes.current.set(bucket.id, element);
                        else boxes.current.delete(bucket.id);
                      }}
                      type="checkbox"
                      // "Video (25)": the name and the count, which the row shows apart
                      aria-label={t('search.facetValue', {
                        name: bucket.label,
                        count: numbers.format(bucket.count),
                      })}
                      tabIndex={bucket === tabStop ? 0 : -1}
                      checked={isChecked}
                      onFocus={() => setFocusedId(bucket.id)}
                      onChange={() =>
                        onChange(
                          isChecked ? checked.filter((id) => id !== bucket.id) : [...checked, bucket.id],
                        )
                      }
                    />
                    <span className="facet__name" title={bucket.label}>
                      {bucket.label}
                    </span>
                    <span className="facet__number">{numbers.format(bucket.count)}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {open && shown.length === 0 && <p className="facet__none">{t('search.noMatch')}</p>}
        {open && !needle && (hiddenCount > 0 || more) && matching.length > TOP_VALUES && (
          <button
            type="button"
            className="btn-ghost btn-small facet__more"
            aria-expanded={more}
            onClick={() => setMore(!more)}
          >
            {more ? t('search.showFewer') : t('search.showMore', { count: numbers.format(hiddenCount) })}
          </button>
        )}
      </div>
    </fieldset>
  );
}

/**
 * Whether any facet has a value to show: one the list's answer holds, or one whose count would add
 * results or is being asked again. A search that finds nothing has none, and its panel no
 * "Filters" heading over nothing (issue 28).
 */
const selectHasFacetValues = (
  state: Parameters<typeof selectFieldAggregate>[0] & Parameters<typeof selectConstraintCounts>[0],
): boolean =>
  FACET_FIELDS.some(
    (field) =>
      selectFieldAggregate(state, SEARCH_CURSOR, field).some((bucket) => bucket.data && bucket.count > 0) ||
      Object.entries(selectConstraintCounts(state, SEARCH_CURSOR, field)).some(
        ([id, count]) => id !== '-1' && (count.total === null || count.total > 0),
      ),
  );

/** The facets: a checkbox per value with its count; checking narrows the search (operator `in`), values of one facet add up. */
export function FacetPanel({
  params,
  onChange,
  heading = true,
}: {
  params: SearchParams;
  onChange(change: Partial<SearchParams>): void;
  /** false in the phone's drawer, whose own title says "Filters" */
  heading?: boolean;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const locale = useAppState(selectEffectiveLocale);
  const fields = useAppState(selectSchemaFields, SEARCH_PATH);
  const countsFailure = useAppState(selectAggregatesFailure, SEARCH_CURSOR);
  const hasValues = useAppState(selectHasFacetValues);
  const checked = Object.values(params.facets).some((values) => values.length > 0);
  if (!hasValues && !checked && !countsFailure) return null;
  return (
    <section className="facet-panel" aria-label={t('search.facets')}>
      {heading && <h2>{t('search.facets')}</h2>}
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
          label={fieldLabel(t, locale, field, fields[field]?.label)}
          checked={params.facets[field] ?? []}
          onChange={(values) => onChange({ facets: { ...params.facets, [field]: values } })}
        />
      ))}
      {/* the other constraints and "Clear all filters" are in the active filters bar (active-filters.tsx) */}
    </section>
  );
}
