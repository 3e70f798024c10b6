import { filter, from, map, mergeMap } from 'rxjs';
import { constraintRegistered, countsOutdated, idsWanted } from '../aggregates/events';
import { batchFinished } from '../batches/events';
import { selectBatch, type WithBatches } from '../batches/selectors';
import { selectCountedConstraints, selectFieldAggregate, type WithAggregates } from '../aggregates/selectors';
import { started } from '../app/events';
import type { Epic } from '../core/epic';
import type { Constraint } from '../core/query/operators';
import type { UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import {
  fetchRequested,
  fulltextChanged,
  identityChanged,
  optionsChanged,
  pageLoaded,
  registrationRequested,
} from '../cursors/events';
import { selectCursor, type WithCursors } from '../cursors/selectors';
import { constraintsRequested } from '../queries/events';
import { inputChanged, wordsLoaded } from '../typeahead/events';
import { selectQuery, type WithQueries } from '../queries/selectors';
import { stableJson } from '../core/signature';
import { chipRemoved } from '../natural-language/events';
import {
  NATURAL_LANGUAGE_NAMESPACES,
  selectNaturalLanguage,
  type WithNaturalLanguage,
} from '../natural-language/selectors';
import { navigated } from '../router/events';
import { selectLocation } from '../router/selectors';
import { domainStarted } from '../core/system-events';
import * as trees from '../trees/events';
import { selectTree, type WithTrees } from '../trees/selectors';
import {
  constraintsOf,
  FACET_FIELDS,
  isSearchAddress,
  lastWordOf,
  parseSearch,
  SHORTEST_STEM,
  sentenceOf,
  SEARCH_CURSOR,
  SEARCH_PATH,
  SEARCH_TREE,
  SEARCH_TREE_PATH,
  SEARCH_VALUES_CURSOR,
  type SearchParams,
  TREE_FIELD,
  withSentence,
} from './url';

/** The name the search manifest registers under (`streams/search/domain.ts`). */
export const searchDomainName = 'search';

type S = WithAggregates &
  WithBatches &
  WithCursors &
  WithQueries &
  WithTrees &
  WithNaturalLanguage &
  Parameters<typeof selectLocation>[0];
export type SearchSlices = S;

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
        // the or-groups of the natural-language constraints (protocol §22)
        namespaces: NATURAL_LANGUAGE_NAMESPACES,
      },
      cause,
    ),
    fetchRequested({ name: SEARCH_CURSOR }, cause),
    registrationRequested(
      {
        name: SEARCH_VALUES_CURSOR,
        path: SEARCH_PATH,
        max: 1,
        withAggregates: true,
        aggregatesFields: [...FACET_FIELDS],
      },
      cause,
    ),
    fetchRequested({ name: SEARCH_VALUES_CURSOR }, cause),
  ];
}

/**
 * The constraints of the chips of the sentence the address holds (`nl`), once analysed: they are
 * part of the search the address describes, so the address rewritten after a chip's removal keeps
 * the other chips. A sentence still being analysed brings its constraints with its answer.
 */
function sentenceConstraints(state: S): Record<string, Constraint> {
  const sentence = selectNaturalLanguage(state, SEARCH_CURSOR);
  const inAddress = sentenceOf(selectLocation(state).search);
  if (!inAddress || sentence.status !== 'loaded' || sentence.text !== inAddress) return {};
  return Object.assign({}, ...sentence.chips.map((chip) => chip.constraints));
}

/** What changed between the list as it is and the address: only that is told to the list. */
function changes(
  state: S,
  params: SearchParams,
  cause: Parameters<typeof fetchRequested>[1],
): UnstampedEvent[] {
  const cursor = selectCursor(state, SEARCH_CURSOR);
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
  const wanted = { ...constraintsOf(params), ...sentenceConstraints(state) };
  const query = selectQuery(state, SEARCH_CURSOR);
  const current = Object.fromEntries(
    Object.entries(query?.constraints ?? {}).map(([key, entry]) => [key, entry.constraint]),
  );
  if (stableJson(current) !== stableJson(wanted)) {
    out.push(constraintsRequested({ name: SEARCH_CURSOR, constraints: wanted, replace: true }, cause));
  }
  // a list registered but never asked (or left in error, or fetched for another user) is asked now
  if (!cursor.fetched || cursor.status === 'error') out.push(fetchRequested({ name: SEARCH_CURSOR }, cause));
  const values = selectCursor(state, SEARCH_VALUES_CURSOR);
  if (values && !values.fetched) out.push(fetchRequested({ name: SEARCH_VALUES_CURSOR }, cause));
  return out;
}

/**
 * The address is the search (UI-CONTRACT "/" and "/search"): on arrival and on every change of the
 * address, the list, its constraints and its order follow it, and the category tree is loaded once.
 * Started after the arrival (its code loads with the first screen), it catches up on the address.
 * A list fetched for another user (`cursors/identityChanged`) is asked again while the search is
 * on screen, else when the user comes back to it.
 */
export const followSearchAddress: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(started, navigated, domainStarted, identityChanged),
    filter((event) => !domainStarted.match(event) || event.payload.name === searchDomainName),
    filter(() => isSearchAddress(selectLocation(state$.value).path)),
    mergeMap((event) => {
      const params = parseSearch(selectLocation(state$.value).search);
      const out = changes(state$.value, params, event);
      if (!selectTree(state$.value, SEARCH_TREE)) {
        out.push(
          trees.registrationRequested({ name: SEARCH_TREE, path: SEARCH_TREE_PATH }, event),
          trees.fetchRequested({ name: SEARCH_TREE }, event),
        );
      }
      return from(out);
    }),
  );

/**
 * The address follows the chips (issue 28): a chip removed from the search's sentence takes its
 * words out of `nl` (the last one takes `nl` away), so a reload or a shared link does not bring it
 * back.
 */
export const sentenceFollowsChips: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(chipRemoved),
    filter((event) => event.payload.cursor === SEARCH_CURSOR),
    mergeMap((event) => {
      const { path, search } = selectLocation(state$.value);
      const { text } = selectNaturalLanguage(state$.value, SEARCH_CURSOR);
      if (!isSearchAddress(path) || !sentenceOf(search) || sentenceOf(search) === text) return [];
      return [navigated({ path, search: withSentence(search, text), via: 'replace' }, event)];
    }),
  );

/**
 * A text that finds nothing gets words to try (issue 28): the typeahead is asked, over the whole
 * collection (SEARCH_VALUES_CURSOR, no constraints), for the words starting like the text's last
 * word, one letter shorter each time none does ("posterz", "poster"), down to SHORTEST_STEM.
 */
export const suggestOnNoResults: Epic<S> = (event$, state$) =>
  event$.pipe(
    filter(
      (event) =>
        (pageLoaded.match(event) &&
          event.payload.name === SEARCH_CURSOR &&
          event.payload.page === 'first' &&
          event.payload.total === 0) ||
        (wordsLoaded.match(event) &&
          event.payload.name === SEARCH_VALUES_CURSOR &&
          event.payload.words.length === 0),
    ),
    mergeMap((event) => {
      const text = wordsLoaded.match(event)
        ? event.payload.text.slice(0, -1)
        : lastWordOf(selectCursor(state$.value, SEARCH_CURSOR)?.options.fulltext ?? '');
      if (text.length < SHORTEST_STEM) return [];
      return [inputChanged({ name: SEARCH_VALUES_CURSOR, text }, event)];
    }),
  );

/**
 * The whole collection's facet values follow the search list: a list asked again (the user's
 * "Try again", a new query) asks them again too when they failed, e.g. on the same schema error.
 */
export const retryFacetValues: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(fetchRequested),
    filter(
      (event) =>
        event.payload.name === SEARCH_CURSOR &&
        selectCursor(state$.value, SEARCH_VALUES_CURSOR)?.status === 'error',
    ),
    map((event) => fetchRequested({ name: SEARCH_VALUES_CURSOR }, event)),
  );

/** What each counted key counts with: facets their values (`in`), the tree its nodes with what is under them. */
const COUNTED: ReadonlyArray<{ key: string; operator: string }> = [
  ...FACET_FIELDS.map((field) => ({ key: field, operator: 'in' })),
  { key: TREE_FIELD, operator: 'descendantof' },
];

/** The ids each counted key should have a count for: the facet values the list found, the tree's loaded nodes. */
function shownIds(state: S): Record<string, string[]> {
  const ids: Record<string, string[]> = {};
  for (const field of FACET_FIELDS)
    ids[field] = [
      ...new Set(
        [SEARCH_CURSOR, SEARCH_VALUES_CURSOR].flatMap((cursor) =>
          selectFieldAggregate(state, cursor, field).flatMap((bucket) =>
            bucket.data ? [String(bucket.data.id)] : [],
          ),
        ),
      ),
    ];
  ids[TREE_FIELD] = Object.keys(selectTree(state, SEARCH_TREE)?.nodes ?? {});
  return ids;
}

/**
 * Facet and tree counts come from the list's constraint aggregates (protocol §9.1): their `total`
 * counts each value without its own key's constraint, so checking Image still tells how many
 * Video would add. The keys are registered with the list's first page; every value the list, the
 * whole collection (SEARCH_VALUES_CURSOR) or the tree shows is then asked (values found once stay
 * asked, so they keep their counts).
 */
export const countSearchFacets: Epic<S> = (event$, state$) =>
  event$.pipe(
    filter(
      (event) =>
        (pageLoaded.match(event) &&
          [SEARCH_CURSOR, SEARCH_VALUES_CURSOR].includes(event.payload.name) &&
          event.payload.page === 'first') ||
        (trees.pageLoaded.match(event) && event.payload.name === SEARCH_TREE),
    ),
    mergeMap((event) => {
      const state = state$.value;
      const counted = selectCountedConstraints(state, SEARCH_CURSOR);
      const known = counted ?? {};
      // values and nodes found before the search list's first page are asked along with it
      if (!counted && !(pageLoaded.match(event) && event.payload.name === SEARCH_CURSOR)) return [];
      const out: UnstampedEvent[] = COUNTED.filter(({ key }) => !known[key]).map(({ key, operator }) =>
        constraintRegistered({ cursor: SEARCH_CURSOR, key, field: key, operator }, event),
      );
      for (const [key, ids] of Object.entries(shownIds(state))) {
        const wanted = new Set(known[key]?.wanted ?? []);
        const fresh = ids.filter((id) => !wanted.has(id));
        if (fresh.length > 0) out.push(idsWanted({ cursor: SEARCH_CURSOR, key, ids: fresh }, event));
      }
      return from(out);
    }),
  );

/**
 * A batch that wrote assets (the selection's "Edit metadata"): the facets' counts moved with each
 * row read after its update, by what the row showed; once the batch is over they are asked once
 * more, so they are the server's (issue 26: one `/aggs`).
 */
export const recountAfterBatch: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(batchFinished),
    filter(({ payload }) => {
      const wrote = selectBatch(state$.value, payload.id)?.actions.some(
        (action) => action.status === 'done' && action.path === SEARCH_PATH,
      );
      return wrote === true && selectCountedConstraints(state$.value, SEARCH_CURSOR) !== undefined;
    }),
    map((event) => countsOutdated({ cursor: SEARCH_CURSOR }, event)),
  );
