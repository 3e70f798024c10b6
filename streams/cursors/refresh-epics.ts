import { EMPTY, mergeMap, of } from 'rxjs';
import type { Epic } from '../core/epic';
import type { UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { stableJson } from '../core/signature';
import { updated, workflowApplied } from '../entities/events';
import { type FieldValue, rowRefreshed } from './events';
import { type Row, rowKey } from './model';
import type { ListSlices } from './request';
import { rowIn } from './rows';
import { isTemporaryCursor } from './selectors';

/** The id counts by value give rows without a value (protocol §9.1). */
const NO_VALUE: FieldValue = { id: -1, name: '' };

/** The values of a field: a related entity's `{id, name}`, else the value itself; none is NO_VALUE. */
function valuesOf(value: unknown): FieldValue[] {
  const items = Array.isArray(value) ? value : [value];
  const values = items.flatMap((item): FieldValue[] => {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
      return item === '' ? [] : [{ id: item, name: String(item) }];
    }
    const { id, name } = (item ?? {}) as { id?: unknown; name?: unknown };
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    return [{ id, name: typeof name === 'string' ? name : String(id) }];
  });
  return values.length > 0 ? values : [NO_VALUE];
}

/** Per field whose values differ, those the row lost and those it gained. */
function changesOf(before: Row, after: Row) {
  const changes: Record<string, { removed: FieldValue[]; added: FieldValue[] }> = {};
  for (const field of Object.keys(before)) {
    if (field === 'id' || field.startsWith('$') || stableJson(before[field]) === stableJson(after[field]))
      continue;
    const lost = valuesOf(before[field]);
    const gained = valuesOf(after[field]);
    const has = (values: FieldValue[], value: FieldValue) =>
      values.some((other) => String(other.id) === String(value.id));
    const removed = lost.filter((value) => !has(gained, value));
    const added = gained.filter((value) => !has(lost, value));
    if (removed.length > 0 || added.length > 0) changes[field] = { removed, added };
  }
  return changes;
}

/**
 * An entity read after a write (protocol §12.1: the update or workflow step, then a fetch) is
 * folded into the rows of the lists on its path that hold it, the members they show only: the
 * results and their counts show the new values, and the list is not asked again (issue 26).
 */
export const refreshListedRows: Epic<ListSlices> = (event$, state$) =>
  event$.pipe(
    ofType(updated, workflowApplied),
    mergeMap((event) => {
      const { path, data } = event.payload;
      const key = rowKey({ ...data, id: data.id ?? event.payload.id } as Row, path.split('/').pop() ?? '');
      const events: UnstampedEvent[] = [];
      for (const cursor of Object.values(state$.value.cursors.byName)) {
        if (cursor.path !== path || isTemporaryCursor(cursor.name)) continue;
        const before = rowIn(cursor.rows, key);
        if (!before) continue;
        const shown = Object.keys(before).filter((field) => field in data);
        const row = { ...before, ...Object.fromEntries(shown.map((field) => [field, data[field]])) } as Row;
        const changes = changesOf(before, row);
        if (Object.keys(changes).length > 0) {
          events.push(rowRefreshed({ name: cursor.name, key, row, changes }, event));
        }
      }
      return events.length > 0 ? of(...events) : EMPTY;
    }),
  );
