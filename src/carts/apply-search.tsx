import { cartCursorName } from '../../streams/carts/cart-cursor';
import { selectContent } from '../../streams/carts/selectors';
import { applyToCleared, applyToRequested } from '../../streams/cursors/events';
import { selectCursorScope, selectCursorStatus, type WithCursors } from '../../streams/cursors/selectors';
import { isRuleKey } from '../../streams/queries/events';
import { selectQuery, type WithQueries } from '../../streams/queries/selectors';
import { SEARCH_CURSOR } from '../../streams/search/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/** The text the search sends, or null when there is no search to apply. */
const searchText = (state: WithCursors): string | null =>
  selectCursorScope(state, SEARCH_CURSOR)?.fulltext ?? null;

/** How many filters the user set on the search (not those a standing rule keeps). */
const searchFilters = (state: WithQueries): number =>
  Object.keys(selectQuery(state, SEARCH_CURSOR)?.constraints ?? {}).filter((key) => !isRuleKey(key)).length;

/**
 * Cursor mode: "Filter with my current search" shows the items of this cart that the search
 * (its text and filters, as the search page left them) finds, the cart's own search staying in
 * place (seed 002 §5 applyTo onto the cart's list query); "Clear search filter" takes it back.
 */
export function ApplySearch({ cartId }: { cartId: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const content = useAppState(selectContent, cartId);
  const text = useAppState(searchText);
  const filters = useAppState(searchFilters);
  const target = cartCursorName(cartId);
  // offered once both lists exist: applyTo's refusals (unknown list, onto itself) cannot arise here
  const targetKnown = useAppState(selectCursorStatus, target) !== 'unknown';
  if (content.contentMode !== 'cursor' || content.huge || !targetKnown) return null;
  if (content.searchApplied)
    return (
      <div className="toolbar carts-toolbar">
        <p role="status">{t('carts.searchApplied')}</p>
        <button type="button" onClick={() => dispatch(applyToCleared({ name: target }))}>
          {t('carts.clearSearch')}
        </button>
      </div>
    );
  if (text === null || (text === '' && filters === 0)) return null;
  return (
    <div className="toolbar carts-toolbar">
      <button type="button" onClick={() => dispatch(applyToRequested({ name: SEARCH_CURSOR, target }))}>
        {t('carts.applySearch')}
      </button>
      <span>
        {text
          ? t('carts.searchSummary', { text, count: filters })
          : t('carts.filtersSummary', { count: filters })}
      </span>
    </div>
  );
}
