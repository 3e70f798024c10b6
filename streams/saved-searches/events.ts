import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
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
export const operationSchema = z.enum([
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

export const listRequested = defineEvent('savedSearches/listRequested', z.object({}), {
  source: 'ui',
  redact: [],
});
export const listLoaded = defineEvent(
  'savedSearches/listLoaded',
  z.object({ searches: z.array(savedSearchSchema) }),
  { source: 'server', redact: [] },
);
export const listFailed = defineEvent(
  'savedSearches/listFailed',
  z.object({ message: z.string(), error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);

export const filterChanged = defineEvent('savedSearches/filterChanged', z.object({ text: z.string() }), {
  source: 'ui',
  redact: [],
});

export const bookmarkRequested = defineEvent(
  'savedSearches/bookmarkRequested',
  z.object({ name: z.string(), cursorName: z.string() }),
  { source: 'ui', redact: [] },
);
export const bookmarkRefused = defineEvent(
  'savedSearches/bookmarkRefused',
  z.object({ message: z.string() }),
  {
    source: 'system',
    failure: true,
    redact: [],
  },
);
export const added = defineEvent('savedSearches/added', z.object({ search: savedSearchSchema }), {
  source: 'server',
  redact: [],
});

export const renameRequested = defineEvent(
  'savedSearches/renameRequested',
  z.object({ id, name: z.string() }),
  {
    source: 'ui',
    redact: [],
  },
);
export const updateRequested = defineEvent(
  'savedSearches/updateRequested',
  z.object({ id, cursorName: z.string() }),
  { source: 'ui', redact: [] },
);
export const shareRequested = defineEvent(
  'savedSearches/shareRequested',
  z.object({ id, userIds: z.array(z.string()) }),
  { source: 'ui', redact: [] },
);
/** Collaborators are named by login or e-mail: personal data. */
export const collaboratorsAddRequested = defineEvent(
  'savedSearches/collaboratorsAddRequested',
  z.object({ id, collaborators: z.array(z.string()), url: z.string() }),
  { source: 'ui', redact: ['collaborators'] },
);
export const revokeRequested = defineEvent(
  'savedSearches/revokeRequested',
  z.object({ id, userIds: z.array(z.string()) }),
  { source: 'ui', redact: [] },
);
export const privateSwitchRequested = defineEvent(
  'savedSearches/privateSwitchRequested',
  z.object({ id, isPrivate: z.boolean() }),
  { source: 'ui', redact: [] },
);
export const unsubscribeRequested = defineEvent('savedSearches/unsubscribeRequested', z.object({ id }), {
  source: 'ui',
  redact: [],
});
export const deleteRequested = defineEvent('savedSearches/deleteRequested', z.object({ id }), {
  source: 'ui',
  redact: [],
});

/** The request of an operation leaves: the search and the list go fetching (seed 001 §4). */
export const operationStarted = defineEvent(
  'savedSearches/operationStarted',
  z.object({ id: id.nullable(), operation: operationSchema }),
  { source: 'system', redact: [] },
);
export const operationFailed = defineEvent(
  'savedSearches/operationFailed',
  z.object({
    id: id.nullable(),
    operation: operationSchema,
    message: z.string(),
    error: serializedErrorSchema,
  }),
  { source: 'server', failure: true, redact: [] },
);

export const renamed = defineEvent('savedSearches/renamed', z.object({ id, name: z.string() }), {
  source: 'server',
  redact: [],
});
export const updated = defineEvent('savedSearches/updated', z.object({ id, data: savedSearchDataSchema }), {
  source: 'server',
  redact: [],
});
export const shared = defineEvent('savedSearches/shared', z.object({ id, userIds: z.array(z.string()) }), {
  source: 'server',
  redact: [],
});
export const collaboratorsAdded = defineEvent('savedSearches/collaboratorsAdded', z.object({ id }), {
  source: 'server',
  redact: [],
});
export const revoked = defineEvent('savedSearches/revoked', z.object({ id, userIds: z.array(z.string()) }), {
  source: 'server',
  redact: [],
});
export const privateSwitched = defineEvent(
  'savedSearches/privateSwitched',
  z.object({ id, isPrivate: z.boolean() }),
  { source: 'server', redact: [] },
);
export const unsubscribed = defineEvent('savedSearches/unsubscribed', z.object({ id }), {
  source: 'server',
  redact: [],
});
export const deleted = defineEvent('savedSearches/deleted', z.object({ id }), {
  source: 'server',
  redact: [],
});
