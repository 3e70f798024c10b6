import { concat, map, mergeMap, type Observable, of } from 'rxjs';
import type { Deps } from '../core/deps';
import { catchUpOnStart } from '../core/catch-up';
import type { Epic } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import type { HttpRequest } from '../core/http';
import { ofType } from '../core/operators/of-type';
import { requestAnswer, requestEpic } from '../core/request';
import { selectIsUser, selectMe, type WithSession } from '../session/selectors';
import * as api from './api';
import { bookmarkDataOf, isBookmarkable, type WithList } from './bookmark';
import * as savedSearchEvents from './events';
import { FAILURE_MESSAGES, NOT_BOOKMARKABLE, NOT_CONNECTED } from './messages';
import type { WithSavedSearches } from './selectors';

type S = WithSavedSearches & WithList;

export const loadList = requestEpic<S, typeof savedSearchEvents.listRequested, api.WireSavedSearch[]>({
  on: savedSearchEvents.listRequested,
  flatten: 'switch',
  call: () => api.listSearches(),
  succeeded: (data, request) =>
    savedSearchEvents.listLoaded({ searches: data.map(api.toSavedSearch) }, request),
  failed: (error, request) =>
    savedSearchEvents.listFailed({ message: FAILURE_MESSAGES.list, error }, request),
});

/** One operation's request: the started event, then its success event or its failure. */
function run(
  deps: Deps,
  cause: AnyEvent,
  id: string | null,
  operation: savedSearchEvents.Operation,
  request: HttpRequest<unknown>,
  success: (answer: unknown) => UnstampedEvent,
): Observable<UnstampedEvent> {
  return concat(
    of(savedSearchEvents.operationStarted({ id, operation }, cause)),
    requestAnswer(deps.http, request, success, (error) =>
      savedSearchEvents.operationFailed(
        { id, operation, message: FAILURE_MESSAGES[operation], error },
        cause,
      ),
    ),
  );
}

/** seed 002 §5: a signed-in user, and something to replay (tokens, constraints or custom params). */
export const bookmark: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(savedSearchEvents.bookmarkRequested),
    mergeMap((request) => {
      const { name, cursorName } = request.payload;
      const state = state$.value;
      if (!selectIsUser(state))
        return of(savedSearchEvents.bookmarkRefused({ message: NOT_CONNECTED }, request));
      const data = bookmarkDataOf(state, cursorName, name, deps.clock.now());
      if (!data || !isBookmarkable(data))
        return of(savedSearchEvents.bookmarkRefused({ message: NOT_BOOKMARKABLE }, request));
      return run(deps, request, null, 'add', api.addSearch(name, data), (answer) =>
        savedSearchEvents.added({ search: api.toSavedSearch(answer as api.WireSavedSearch) }, request),
      );
    }),
  );

const operationRequests = [
  savedSearchEvents.renameRequested,
  savedSearchEvents.updateRequested,
  savedSearchEvents.shareRequested,
  savedSearchEvents.collaboratorsAddRequested,
  savedSearchEvents.revokeRequested,
  savedSearchEvents.privateSwitchRequested,
  savedSearchEvents.unsubscribeRequested,
  savedSearchEvents.deleteRequested,
] as const;

type OperationRequest = ReturnType<(typeof operationRequests)[number]> & AnyEvent;

/** Each operation: its name, its request and its success event; a string is a local refusal. */
function planOf(
  state: S,
  deps: Deps,
  event: OperationRequest,
):
  | { operation: savedSearchEvents.Operation; request: HttpRequest<unknown>; success: UnstampedEvent }
  | string {
  const { id } = event.payload;
  if (savedSearchEvents.renameRequested.match(event)) {
    const { name } = event.payload;
    return {
      operation: 'rename',
      request: api.updateSearch(id, { name }),
      success: savedSearchEvents.renamed({ id, name }, event),
    };
  }
  if (savedSearchEvents.updateRequested.match(event)) {
    const current = state.savedSearches.items?.find((search) => search.id === id);
    const data = bookmarkDataOf(state, event.payload.cursorName, current?.name ?? '', deps.clock.now());
    if (!data || !isBookmarkable(data)) return NOT_BOOKMARKABLE;
    return {
      operation: 'update',
      request: api.updateSearch(id, { data }),
      success: savedSearchEvents.updated({ id, data }, event),
    };
  }
  if (savedSearchEvents.shareRequested.match(event)) {
    const { userIds } = event.payload;
    return {
      operation: 'share',
      request: api.shareSearch(id, userIds),
      success: savedSearchEvents.shared({ id, userIds }, event),
    };
  }
  if (savedSearchEvents.collaboratorsAddRequested.match(event)) {
    const { collaborators, url } = event.payload;
    return {
      operation: 'addCollaborators',
      request: api.addCollaborators(id, collaborators, url),
      success: savedSearchEvents.collaboratorsAdded({ id }, event),
    };
  }
  if (savedSearchEvents.revokeRequested.match(event)) {
    const { userIds } = event.payload;
    return {
      operation: 'revoke',
      request: api.revokeShare(id, userIds),
      success: savedSearchEvents.revoked({ id, userIds }, event),
    };
  }
  if (savedSearchEvents.privateSwitchRequested.match(event)) {
    const { isPrivate } = event.payload;
    return {
      operation: 'switchPrivate',
      request: api.switchPrivate(id, isPrivate),
      success: savedSearchEvents.privateSwitched({ id, isPrivate }, event),
    };
  }
  if (savedSearchEvents.unsubscribeRequested.match(event)) {
    return {
      operation: 'unsubscribe',
      request: api.unsubscribe(id),
      success: savedSearchEvents.unsubscribed({ id }, event),
    };
  }
  return {
    operation: 'delete',
    request: api.deleteSearch(id),
    success: savedSearchEvents.deleted({ id }, event),
  };
}

/** seed 001 §4: an operation is ignored while its search is initial or fetching. */
export const operateOnSearch: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(...operationRequests),
    mergeMap((event) => {
      const state = state$.value;
      const search = state.savedSearches.items?.find((candidate) => candidate.id === event.payload.id);
      if (search && (search.status === 'initial' || search.status === 'fetching')) return of();
      const plan = planOf(state, deps, event);
      if (typeof plan === 'string') return of(savedSearchEvents.bookmarkRefused({ message: plan }, event));
      return run(deps, event, event.payload.id, plan.operation, plan.request, () => plan.success);
    }),
  );

/** Sharing changes who subscribes: the list is asked again for the server's view of it. */
export const reloadAfterSharing: Epic<S> = (event$) =>
  event$.pipe(
    ofType(savedSearchEvents.collaboratorsAdded),
    map((event) => savedSearchEvents.listRequested({}, event)),
  );

/** Started after the identity was known (saved searches load with their first screen): take it now. */
export const adoptIdentity = catchUpOnStart<WithSavedSearches & WithSession>(
  'savedSearches',
  (state, start) => {
    const me = selectMe(state);
    return me ? [savedSearchEvents.identityAdopted({ me }, start)] : [];
  },
);
