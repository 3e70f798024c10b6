import type { Operation } from './events';

/** seed 002 §5 and protocol §17.2, word for word. */
export const NOT_BOOKMARKABLE =
  "Cursor cannot be bookmarked as it doesn't define neither fulltext tokens nore constraints nore user custom params";
export const NOT_CONNECTED = 'Not connected';

/** The log texts of seed 001 §8 and protocol §17.2, per operation. */
export const FAILURE_MESSAGES: Record<Operation | 'list', string> = {
  list: 'Failed to retrieve searches',
  add: 'Error creating search',
  rename: 'Error renaming search',
  update: 'Error updating search',
  share: 'Error sharing search',
  addCollaborators: 'Error sharing search',
  revoke: 'Error removing collaborators from search',
  switchPrivate: 'Error during switchPrivate search',
  unsubscribe: 'Error unsubscribing from search',
  delete: 'Error deleting search',
};
