import type { AppEvent } from '../core/event';
import { declareWrites } from '../outbox/events';
import * as api from './api';
import { published, publishFailed, publishRequested, saved, saveFailed, saveRequested } from './events';
import { PAGE_STATUS_FILTER } from './model';
import { selectEditSession, selectPage } from './selectors';
import type { S } from './epic-support';

/**
 * The CMS writes the outbox keeps (issue 25). A save writes the dirty blocks' fields: written
 * twice, they hold the same values, so it goes again without a read (while the page's edit
 * session holds its changes: a reload loses them, and the save is then refused, for the user to
 * discard). A publish is read first: the page it made live already published (its status), it
 * went through and is not asked again.
 */

const pageName = (state: S, path: string): string => selectPage(state, path)?.content?.page.name ?? path;

/** The page a publish makes live: the work copy being edited, else the page shown (as the publish epic picks it). */
function publishedId(state: S, path: string): number | null {
  return selectEditSession(state, path)?.draft?.page.id ?? selectPage(state, path)?.content?.page.id ?? null;
}

type PublishIntent = AppEvent<string, { path: string }>;

/** The page row read again: live already (the status the list shows), the publish went through. */
function publishCheck(intent: PublishIntent, base: unknown) {
  const id = typeof base === 'object' && base !== null ? (base as { id?: unknown }).id : undefined;
  if (typeof id !== 'number') return undefined;
  return {
    read: api.fetchPageRow(id),
    decide: ({ response }: { response: { data: Parameters<typeof api.toPageRecord>[0] } }) =>
      api.toPageRecord(response.data).status === PAGE_STATUS_FILTER
        ? published({ path: intent.payload.path, id }, intent)
        : null,
  };
}

declareWrites([
  {
    domain: 'pages',
    intent: saveRequested,
    answers: [saved],
    failures: [saveFailed],
    label: (payload: { path: string }, state: S) => ({
      key: 'outbox.pages.save',
      values: { name: pageName(state, payload.path) },
    }),
  },
  {
    domain: 'pages',
    intent: publishRequested,
    answers: [published],
    failures: [publishFailed],
    label: (payload: { path: string }, state: S) => ({
      key: 'outbox.pages.publish',
      values: { name: pageName(state, payload.path) },
    }),
    // kept when its failure left the edit session as it was: the page it makes live
    base: (payload: { path: string }, state: S) => {
      const id = publishedId(state, payload.path);
      return id === null ? undefined : { id };
    },
    check: (intent: PublishIntent, _deps, base) => publishCheck(intent, base),
  },
]);
