import { describe, expect, it } from 'vitest';
import {
  added,
  deleted,
  listLoaded,
  operationFailed,
  operationStarted,
  revoked,
  shared,
  unsubscribed,
} from '../../../streams/saved-searches/events';
import { selectSavedSearches } from '../../../streams/saved-searches/selectors';
import { whoAmILoaded } from '../../../streams/session/events';
import { fold } from '../../helpers/marbles';
import { savedSearch } from './fixtures';

const me = (id: number) =>
  whoAmILoaded({ me: { id, isUser: true, locale: 'en', role: { watermark: false } } });
const error = { code: 'error.http.500', message: 'boom', status: 500 };

describe('savedSearches reducer (seed 001 §4, §6; protocol §17)', () => {
  it('marks mine (ids compared as strings) and privately shared (a subscriber other than the owner)', () => {
    const state = fold([
      me(1),
      listLoaded({
        searches: [
          savedSearch('1'),
          savedSearch('2', { subscriberIds: ['1', '2'] }),
          savedSearch('3', { ownerId: '2', subscriberIds: ['2', '1'] }),
        ],
      }),
    ]);
    expect(
      selectSavedSearches(state).map(({ isMine, isPrivatelyShared }) => [isMine, isPrivatelyShared]),
    ).toEqual([
      [true, false],
      [true, true],
      [false, true],
    ]);
  });

  it('an operation puts the search and the list in fetching; success loads, failure errs and keeps the error', () => {
    const started = fold([
      listLoaded({ searches: [savedSearch('1')] }),
      operationStarted({ id: '1', operation: 'share' }),
    ]);
    expect(started.savedSearches.status).toBe('fetching');
    expect(started.savedSearches.items?.[0]?.status).toBe('fetching');
    const ok = fold([shared({ id: '1', userIds: ['2'] })], started);
    expect(ok.savedSearches.items?.[0]).toMatchObject({
      status: 'loaded',
      subscriberIds: ['1', '2'],
      isPrivate: false,
    });
    const revokedState = fold([revoked({ id: '1', userIds: ['2'] })], ok);
    expect(revokedState.savedSearches.items?.[0]?.subscriberIds).toEqual(['1']);
    const failed = fold(
      [operationFailed({ id: '1', operation: 'share', message: 'Error sharing search', error })],
      started,
    );
    expect(failed.savedSearches.status).toBe('error');
    expect(failed.savedSearches.items?.[0]).toMatchObject({ status: 'error', error });
    expect(failed.savedSearches.notice).toEqual({
      operation: 'share',
      message: 'Error sharing search',
      detail: 'boom',
      error,
    });
  });

  it('sets created to the time of the answer, removes unsubscribed and deleted searches locally', () => {
    let state = fold([listLoaded({ searches: [savedSearch('1'), savedSearch('2')] })]);
    state = fold([added({ search: savedSearch('9', { created: null }) })], state, 42_000);
    expect(state.savedSearches.items?.find(({ id }) => id === '9')?.created).toBe(42_000);
    state = fold([unsubscribed({ id: '1' }), deleted({ id: '9' })], state);
    expect(state.savedSearches.items?.map(({ id }) => id)).toEqual(['2']);
    expect(state.savedSearches.status).toBe('loaded');
  });

  it('forgets the list when another user signs in, keeps it when the same one is told again', () => {
    const loaded = fold([me(1), listLoaded({ searches: [savedSearch('1')] })]);
    expect(fold([me(1)], loaded).savedSearches.items).toHaveLength(1);
    expect(fold([me(2)], loaded).savedSearches.items).toBeNull();
  });
});
