import type { AnyEvent, UnstampedEvent } from '../../streams/core/event';
import { fetchStarted, pageLoaded, registrationRequested } from '../../streams/cursors/events';
import { initialRootState, type RootState } from '../../streams/root';
import { rootReducer } from '../helpers/all-domains';

const stamp = (event: UnstampedEvent, seq: number): AnyEvent => ({
  ...event,
  meta: { ...event.meta, seq, id: `c${seq}`, at: seq },
});

/**
 * A list of `rows` assets arriving in pages of `pageSize` (one fetch and one answer per page), folded
 * through the root reducer: the whole fold, and the slowest page (a long task while scrolling).
 */
export function benchCursorFold(
  rows = 100_000,
  pageSize = 24,
): { rows: number; pages: number; totalMs: number; slowestPageMs: number } {
  const events: AnyEvent[] = [stamp(registrationRequested({ name: 'bench', path: 'dam/data/asset' }), 1)];
  const pages = Math.ceil(rows / pageSize);
  for (let page = 0; page < pages; page += 1) {
    const kind = page === 0 ? 'first' : 'next';
    events.push(stamp(fetchStarted({ name: 'bench', page: kind, signature: '1' }), events.length + 1));
    const data = Array.from({ length: Math.min(pageSize, rows - page * pageSize) }, (_, index) => {
      const id = page * pageSize + index + 1;
      return { id, $uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, name: `asset ${id}` };
    });
    const loaded = pageLoaded({
      name: 'bench',
      page: kind,
      signature: '1',
      resource: 'asset',
      rows: data,
      total: rows,
      count: data.length,
      nextResultsToken: page + 1 < pages ? `T${page + 1}` : null,
      aggregates: null,
    });
    events.push(stamp(loaded, events.length + 1));
  }
  let state: RootState = initialRootState;
  let slowestPageMs = 0;
  const startedAt = performance.now();
  for (const event of events) {
    const before = performance.now();
    state = rootReducer(state, event);
    slowestPageMs = Math.max(slowestPageMs, performance.now() - before);
  }
  const totalMs = performance.now() - startedAt;
  if (state.cursors.byName.bench?.size !== rows) throw new Error('the bench list lost rows');
  return { rows, pages, totalMs: Math.round(totalMs), slowestPageMs: Math.round(slowestPageMs * 100) / 100 };
}
