import { describe, expect, it } from 'vitest';
import { findBookmark } from '../../../streams/saved-searches/bookmark';
import { savedSearch } from './fixtures';

const videos = savedSearch('1', {
  name: 'Videos',
  data: {
    path: 'dam/data/asset',
    fulltextTokens: [],
    customParams: {},
    userConstraints: { assetnature: { assetnature: { dof: [2] } } },
  },
});

describe('is bookmarked (protocol §17.2) for a search opened from a saved one', () => {
  it('a stored `dof` matches the facet `in` the search screen opens it as', () => {
    const reopened = { ...videos.data, userConstraints: { assetnature: { assetnature: { in: [2] } } } };
    expect(findBookmark([videos], reopened, '1')?.name).toBe('Videos');
  });

  it('other values, or another operator, still differ', () => {
    const other = { ...videos.data, userConstraints: { assetnature: { assetnature: { in: [3] } } } };
    const notIn = { ...videos.data, userConstraints: { assetnature: { assetnature: { nin: [2] } } } };
    expect(findBookmark([videos], other, '1')).toBeNull();
    expect(findBookmark([videos], notIn, '1')).toBeNull();
  });
});
