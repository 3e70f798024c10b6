import type { AppEvent } from '../core/event';
import { declareWrites, type OutboxWrite } from '../outbox/events';
import * as api from './api';
import {
  deleted,
  deleteRequested,
  operationFailed,
  privateSwitched,
  privateSwitchRequested,
  renamed,
  renameRequested,
  revoked,
  revokeRequested,
  shared,
  shareRequested,
  unsubscribed,
  unsubscribeRequested,
} from './events';
import type { WithSavedSearches } from './selectors';

/**
 * The saved searches' writes the outbox keeps (issue 25). Renaming, sharing, revoking, switching
 * private and unsubscribing leave the search as once when done twice: they go again without a
 * read. A deletion reads the list first: a search no longer in it was deleted. Not kept: a new
 * bookmark and "update" (their content is the search on screen at the time, gone after a reload),
 * and adding collaborators (each attempt sends an invitation).
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
  failures: [operationFailed],
  label: (payload: { id: string; name?: string }, state: WithSavedSearches) => ({
    key,
    values: { name: name ? name(payload, state) : searchName(state, payload.id) },
  }),
});

declareWrites([
  operation(renameRequested, renamed, 'outbox.savedSearches.rename', (payload) => payload.name ?? payload.id),
  operation(shareRequested, shared, 'outbox.savedSearches.share'),
  operation(revokeRequested, revoked, 'outbox.savedSearches.share'),
  operation(privateSwitchRequested, privateSwitched, 'outbox.savedSearches.share'),
  operation(unsubscribeRequested, unsubscribed, 'outbox.savedSearches.unsubscribe'),
  {
    ...operation(deleteRequested, deleted, 'outbox.savedSearches.delete'),
    check: (intent: AppEvent<string, { id: string }>) => ({
      read: api.listSearches(),
      decide: (list: api.WireSavedSearch[]) =>
        list.map(api.toSavedSearch).some((search) => search.id === intent.payload.id)
          ? null
          : deleted({ id: intent.payload.id }, intent),
    }),
  },
]);
