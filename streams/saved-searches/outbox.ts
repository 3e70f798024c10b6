import type { AppEvent } from '../core/event';
import { declareWrites, type OutboxWrite } from '../outbox/events';
import * as api from './api';
import * as savedSearchEvents from './events';
import type { WithSavedSearches } from './selectors';

/**
 * The saved searches' writes the outbox keeps (issue 25). Renaming, sharing, revoking (removing
 * collaborators), switching private and unsubscribing leave the search as once when done twice:
 * they go again without a read. A deletion reads the list first: a search no longer in it was
 * savedSearchEvents.deleted. Adding collaborators reads it first too (each attempt sends an invitation): subscribers
 * the search did not have when it was kept say it went through. Not kept: a new bookmark and
 * "update" (their content is the search on screen at the time, gone after a reload).
 */
const searchName = (state: WithSavedSearches, id: string): string =>
  state.savedSearches.items?.find((search) => search.id === id)?.name ?? id;

const operation = (
  intent: { type: string },
  answer: { type: string },
  key: string,
  name?: (payload: { id: string; name?: string }, state: WithSavedSearches) => string,
): OutboxWrite => ({
  domain: 'savedSearches',
  intent,
  answers: [answer],
  failures: [savedSearchEvents.operationFailed],
  label: (payload: { id: string; name?: string }, state: WithSavedSearches) => ({
    key,
    values: { name: name ? name(payload, state) : searchName(state, payload.id) },
  }),
});

declareWrites([
  operation(
    savedSearchEvents.renameRequested,
    savedSearchEvents.renamed,
    'outbox.savedSearches.rename',
    (payload) => payload.name ?? payload.id,
  ),
  operation(savedSearchEvents.shareRequested, savedSearchEvents.shared, 'outbox.savedSearches.share'),
  operation(savedSearchEvents.revokeRequested, savedSearchEvents.revoked, 'outbox.savedSearches.share'),
  operation(
    savedSearchEvents.privateSwitchRequested,
    savedSearchEvents.privateSwitched,
    'outbox.savedSearches.share',
  ),
  operation(
    savedSearchEvents.unsubscribeRequested,
    savedSearchEvents.unsubscribed,
    'outbox.savedSearches.unsubscribe',
  ),
  {
    ...operation(
      savedSearchEvents.collaboratorsAddRequested,
      savedSearchEvents.collaboratorsAdded,
      'outbox.savedSearches.collaborators',
    ),
    // kept after its failure: the subscribers the search had when the invitation was asked
    base: (payload: { id: string }, state: WithSavedSearches) =>
      state.savedSearches.items?.find((search) => search.id === payload.id)?.subscriberIds,
    check: (intent: AppEvent<string, { id: string }>, _deps, base) => ({
      read: api.listSearches(),
      decide: (list: api.WireSavedSearch[]) => {
        const before = new Set(base as string[] | undefined);
        const search = list.map(api.toSavedSearch).find((candidate) => candidate.id === intent.payload.id);
        const invited = base !== undefined && search?.subscriberIds.some((id) => !before.has(id));
        return invited ? savedSearchEvents.collaboratorsAdded({ id: intent.payload.id }, intent) : null;
      },
    }),
  },
  {
    ...operation(savedSearchEvents.deleteRequested, savedSearchEvents.deleted, 'outbox.savedSearches.delete'),
    check: (intent: AppEvent<string, { id: string }>) => ({
      read: api.listSearches(),
      decide: (list: api.WireSavedSearch[]) =>
        list.map(api.toSavedSearch).some((search) => search.id === intent.payload.id)
          ? null
          : savedSearchEvents.deleted({ id: intent.payload.id }, intent),
    }),
  },
]);
