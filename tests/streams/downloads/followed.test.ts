import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../../streams/core/event';
import { requested, split } from '../../../streams/downloads/events';
import { downloadIdOf, selectFollowed } from '../../../streams/downloads/selectors';
import { initialRootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { storeWithoutEpics } from '../../helpers/store-without-epics';

const options = {
  cartId: '7',
  downloadName: 'Spring',
  shared: false,
  profile: 'originals',
  withContactSheet: true,
  withAssetsDescriptions: true,
  sendLinkByEmail: false,
  selection: {},
};

describe('a download dialog follows the download its own request started', () => {
  it('two downloads of one cart are followed apart, and a split one by its parts', () => {
    const store = storeWithoutEpics({ reducer: rootReducer, initialState: initialRootState });
    const first = store.dispatch(requested(options)) as AnyEvent;
    const second = store.dispatch(requested({ ...options, profile: 'web' })) as AnyEvent;
    const firstId = downloadIdOf(first, '7');
    const secondId = downloadIdOf(second, '7');

    expect(selectFollowed(store.getState(), firstId).map((record) => record.profile)).toEqual(['originals']);
    expect(selectFollowed(store.getState(), secondId).map((record) => record.profile)).toEqual(['web']);

    store.dispatch(
      split(
        {
          downloadId: firstId,
          parts: [
            { selection: { asset: ['1'] }, size: 10 },
            { selection: { asset: ['2'] }, size: 10 },
          ],
          skipped: [],
        },
        first,
      ),
    );
    expect(selectFollowed(store.getState(), firstId).map((record) => record.downloadName)).toEqual([
      'Spring 1 of 2',
      'Spring 2 of 2',
    ]);
    expect(selectFollowed(store.getState(), secondId)).toHaveLength(1);
    expect(selectFollowed(store.getState(), null)).toEqual([]);
  });
});
