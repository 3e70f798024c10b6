import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../../streams/core/event';
import { findBookmark } from '../../../streams/saved-searches/bookmark';
import {
  added,
  bookmarkRequested,
  listLoaded,
  operationFailed,
} from '../../../streams/saved-searches/events';
import { selectBookmarkOutcome } from '../../../streams/saved-searches/selectors';
import { whoAmILoaded } from '../../../streams/session/events';
import { fold } from '../../helpers/marbles';
import { savedSearch } from './fixtures';

const me = whoAmILoaded({ me: { id: 1, isUser: true, locale: 'en', role: { watermark: false } } });
/** fold names the n-th event `e{n}`: the bookmark request below is `e3` */
const requestOrigin = { meta: { id: 'e3', seq: 3, at: 0, source: 'ui' } } as AnyEvent;
const lakes = savedSearch('1', { name: 'Lakes', created: 1000 });
const error = { code: 'error.http.500', message: 'boom', status: 500 };

describe('bookmarking a search that is already bookmarked (issue 12 item 8)', () => {
  const asked = fold([
    me,
    listLoaded({ searches: [lakes] }),
    bookmarkRequested({ name: 'Lakes again', cursorName: 'search' }),
  ]);

  it('follows its own request: fetching until the server answers, then loaded with the new search', () => {
    expect(selectBookmarkOutcome(asked, 'e3')).toMatchObject({ status: 'fetching', searchId: null });
    const saved = fold(
      [added({ search: savedSearch('2', { name: 'Lakes again', created: 2000 }) }, requestOrigin)],
      asked,
      5000,
    );
    expect(selectBookmarkOutcome(saved, 'e3')).toMatchObject({ status: 'loaded', searchId: '2' });
    // the status names the latest save, not the old one
    expect(findBookmark(saved.savedSearches.items ?? [], lakes.data, '1')?.name).toBe('Lakes again');
  });

  it('a failed save ends that request in error; another request is not answered by it', () => {
    const failed = fold(
      [operationFailed({ id: null, operation: 'add', message: 'Error adding search', error }, requestOrigin)],
      asked,
    );
    expect(selectBookmarkOutcome(failed, 'e3')?.status).toBe('error');
    expect(selectBookmarkOutcome(failed, 'e9')).toBeNull();
  });
});
