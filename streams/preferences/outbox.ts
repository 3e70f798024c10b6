import type { AppEvent } from '../core/event';
import { declareWrites, type OutboxLabel } from '../outbox/events';
import * as api from './api';
import { BOOKMARKS_KEY, findBookmark, mergedBookmarks } from './bookmarks';
import { bookmarkAddRequested, saved, saveFailed, setRequested } from './events';

/**
 * Preferences the outbox keeps (issue 25): a value set twice is the value set once, so it goes
 * again without a read. The first answer settles it (the portal sets one preference at a time).
 * A bookmark is added to a list the server may have changed since (another tab, another device):
 * the list is read first; holding the bookmark, it was saved; else the bookmark goes onto the
 * list as the server holds it, so nothing added meanwhile is written over.
 */
type BookmarkIntent = AppEvent<string, Parameters<typeof bookmarkAddRequested>[0]>;

declareWrites([
  {
    domain: 'preferences',
    intent: setRequested,
    answers: [saved],
    failures: [saveFailed],
    label: () => ({ key: 'outbox.preferences.set', values: {} }),
  },
  {
    domain: 'preferences',
    intent: bookmarkAddRequested,
    answers: [saved],
    failures: [saveFailed],
    label: ({ bookmark }: BookmarkIntent['payload']): OutboxLabel => {
      const text = bookmark.fulltextTokens.join(' ');
      return text
        ? { key: 'outbox.preferences.bookmark', values: { text } }
        : { key: 'outbox.preferences.bookmarkFilters', values: {} };
    },
    check: (intent: BookmarkIntent, { config }) => {
      const namespace = config.defaultPreferenceNamespace;
      const { bookmark } = intent.payload;
      const listOf = (answer: Parameters<typeof api.valueOfAnswer>[0]) =>
        mergedBookmarks(api.valueOfAnswer(answer)?.value, undefined);
      return {
        read: api.getPreference(namespace, BOOKMARKS_KEY),
        decide: (answer) =>
          findBookmark(listOf(answer), bookmark)
            ? saved({ namespace, name: BOOKMARKS_KEY, value: api.valueOfAnswer(answer)?.value }, intent)
            : null,
        rest: (answer) => {
          const list = listOf(answer);
          return findBookmark(list, bookmark) ? undefined : { bookmark, onto: list };
        },
        // a server that answers an unset preference with a 404 (protocol §4.2) holds no bookmark yet
        absent: () => ({ bookmark, onto: [] }),
      };
    },
  },
]);
