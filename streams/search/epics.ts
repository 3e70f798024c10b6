import { filter, from, mergeMap } from 'rxjs';
import { started } from '../app/events';
import type { Epic } from '../core/epic';
import type { UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { fetchRequested, fulltextChanged, optionsChanged, registrationRequested } from '../cursors/events';
import type { CursorsState } from '../cursors/reducer';
import { constraintsRequested } from '../queries/events';
import type { QueriesState } from '../queries/reducer';
import { stableJson } from '../queries/signature';
import { navigated } from '../router/events';
import * as trees from '../trees/events';
import type { TreesState } from '../trees/reducer';
import {
  constraintsOf,
  FACET_FIELDS,
  isSearchAddress,
  parseSearch,
  SEARCH_CURSOR,
  SEARCH_PATH,
  SEARCH_TREE,
  SEARCH_TREE_PATH,
  type SearchParams,
} from './url';

type S = { cursors: CursorsState; queries: QueriesState; trees: TreesState };

/** The search list is registered once, with the facets' inline counts (protocol §9.1). */
function firstSearch(params: SearchParams, cause: Parameters<typeof fetchRequested>[1]): UnstampedEvent[] {
  return [
    registrationRequested(
      {
        name: SEARCH_CURSOR,
        path: SEARCH_PATH,
        fulltext: params.q,
        fulltextMode: params.mode,
        orderby: params.sort ? [params.sort] : [],
        withAggregates: true,
        aggregatesFields: [...FACET_FIELDS],
        constraints: constraintsOf(params),
      },
      cause,
    ),
    fetchRequested({ name: SEARCH_CURSOR }, cause),
  ];
}

/** What changed between the list as it is and the address: only that is told to the list. */
function changes(
  state: S,
  params: SearchParams,
  cause: Parameters<typeof fetchRequested>[1],
): UnstampedEvent[] {
  const cursor = state.cursors.byName[SEARCH_CURSOR];
  if (!cursor) return firstSearch(params, cause);
  const out: UnstampedEvent[] = [];
  const { options } = cursor;
  if (
    options.fulltext !== params.q ||
    options.fulltextMode !== params.mode ||
    options.fulltextTokens.length > 0
  ) {
    out.push(fulltextChanged({ name: SEARCH_CURSOR, fulltext: params.q, mode: params.mode }, cause));
  }
  const orderby = params.sort ? [params.sort] : [];
  if (stableJson(options.orderby) !== stableJson(orderby)) {
    out.push(optionsChanged({ name: SEARCH_CURSOR, options: { orderby } }, cause));
  }
  const wanted = constraintsOf(params);
  const query = state.queries.byName[SEARCH_CURSOR];
  const current = Object.fromEntries(
    Object.entries(query?.constraints ?? {}).map(([key, entry]) => [key, entry.constraint]),
  );
  if (stableJson(current) !== stableJson(wanted)) {
    out.push(constraintsRequested({ name: SEARCH_CURSOR, constraints: wanted, replace: true }, cause));
  }
  // a list registered but never asked (or left in error) is asked now
  if (!cursor.fetched || cursor.status === 'error') out.push(fetchRequested({ name: SEARCH_CURSOR }, cause));
  return out;
}

/**
 * The address is the search (UI-CONTRACT "/" and "/search"): on arrival and on every change of the
 * address, the list, its constraints and its order follow it, and the category tree is loaded once.
 */
export const followSearchAddress: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(started, navigated),
    filter((event) => isSearchAddress(event.payload.path)),
    mergeMap((event) => {
      const params = parseSearch(event.payload.search);
      const out = changes(state$.value, params, event);
      if (!state$.value.trees.byName[SEARCH_TREE]) {
        out.push(
          trees.registrationRequested({ name: SEARCH_TREE, path: SEARCH_TREE_PATH }, event),
          trees.fetchRequested({ name: SEARCH_TREE }, event),
        );
      }
      return from(out);
    }),
  );
