import * as z from 'zod/mini';
import { defineAnswer, defineEvent, defineFact, defineFailure, defineIntent } from '../core/event';
import { whoAmILoaded } from '../session/events';
import { savedSearchDataSchema, savedSearchSchema } from './api';

/**
 * Saved searches and bookmarks (seed 001 §3, §4, §6, §8; seed 002 §5; protocol §17).
 *
 * Public API (events to dispatch)
 * - `savedSearches/listRequested` {}: the signed-in user's searches (own and shared with them).
 * - `savedSearches/filterChanged` {text}: case- and diacritic-insensitive, `*` for any text.
 * - `savedSearches/bookmarkRequested` {name, cursorName}: saves what the cursor searches now.
 *   Refused locally ('Not connected'; 'Cursor cannot be bookmarked as it doesn't define neither
 *   fulltext tokens nore constraints nore user custom params') as `savedSearches/bookmarkRefused`.
 * - operations on one search, skipped while it is initial or fetching; each goes
 *   `savedSearches/operationStarted`, then its own success event or `savedSearches/operationFailed`
 *   {id, operation, message (seed 001 §8 text), error}:
 *   renameRequested {id, name}, updateRequested {id, cursorName} (replaces what it searches),
 *   shareRequested {id, userIds}, collaboratorsAddRequested {id, collaborators, url},
 *   revokeRequested {id, userIds}, privateSwitchRequested {id, isPrivate},
 *   unsubscribeRequested {id}, deleteRequested {id}.
 * Selectors (`streams/saved-searches/selectors.ts`): selectSavedSearches (filtered, with isMine
 * and isPrivatelyShared), selectSavedSearch, selectBookmarkOf(cursorName), selectSavedSearchesStatus.
 */

const id = z.string();
const operationSchema = z.enum([
  'add',
  'rename',
  'update',
  'share',
  'addCollaborators',
  'revoke',
  'switchPrivate',
  'unsubscribe',
  'delete',
]);
export type Operation = z.infer<typeof operationSchema>;

export const listRequested = defineIntent('savedSearches/listRequested', {});
export const listLoaded = defineAnswer('savedSearches/listLoaded', { searches: z.array(savedSearchSchema) });
export const listFailed = defineFailure('savedSearches/listFailed', { message: z.string() });

export const filterChanged = defineIntent('savedSearches/filterChanged', { text: z.string() });

export const bookmarkRequested = defineIntent('savedSearches/bookmarkRequested', {
  name: z.string(),
  cursorName: z.string(),
});
export const bookmarkRefused = defineEvent(
  'savedSearches/bookmarkRefused',
  z.object({ message: z.string() }),
  { source: 'system', failure: true, redact: [] },
);
export const added = defineAnswer('savedSearches/added', { search: savedSearchSchema });

export const renameRequested = defineIntent('savedSearches/renameRequested', { id, name: z.string() });
export const updateRequested = defineIntent('savedSearches/updateRequested', { id, cursorName: z.string() });
export const shareRequested = defineIntent('savedSearches/shareRequested', {
  id,
  userIds: z.array(z.string()),
});
/** Collaborators are named by login or e-mail: personal data. */
export const collaboratorsAddRequested = defineIntent(
  'savedSearches/collaboratorsAddRequested',
  { id, collaborators: z.array(z.string()), url: z.string() },
  ['collaborators'],
);
export const revokeRequested = defineIntent('savedSearches/revokeRequested', {
  id,
  userIds: z.array(z.string()),
});
export const privateSwitchRequested = defineIntent('savedSearches/privateSwitchRequested', {
  id,
  isPrivate: z.boolean(),
});
export const unsubscribeRequested = defineIntent('savedSearches/unsubscribeRequested', { id });
export const deleteRequested = defineIntent('savedSearches/deleteRequested', { id });

/** The request of an operation leaves: the search and the list go fetching (seed 001 §4). */
export const operationStarted = defineFact('savedSearches/operationStarted', 'system', {
  id: z.nullable(id),
  operation: operationSchema,
});
export const operationFailed = defineFailure('savedSearches/operationFailed', {
  id: z.nullable(id),
  operation: operationSchema,
  message: z.string(),
});

export const renamed = defineAnswer('savedSearches/renamed', { id, name: z.string() });
export const updated = defineAnswer('savedSearches/updated', { id, data: savedSearchDataSchema });
export const shared = defineAnswer('savedSearches/shared', { id, userIds: z.array(z.string()) });
export const collaboratorsAdded = defineAnswer('savedSearches/collaboratorsAdded', { id });
export const revoked = defineAnswer('savedSearches/revoked', { id, userIds: z.array(z.string()) });
export const privateSwitched = defineAnswer('savedSearches/privateSwitched', { id, isPrivate: z.boolean() });
export const unsubscribed = defineAnswer('savedSearches/unsubscribed', { id });
export const deleted = defineAnswer('savedSearches/deleted', { id });

/**
 * Saved searches started after the identity was known (they load with their first screen): they
 * take it as they would have taken `session/whoAmILoaded`.
 */
export const identityAdopted = defineFact('savedSearches/identityAdopted', 'system', {
  me: whoAmILoaded.schema.shape.me,
});
