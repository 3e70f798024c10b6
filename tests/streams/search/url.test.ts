import { describe, expect, it } from 'vitest';
import { formatSearch, paramsOfSaved, parseSearch, TREE_FIELD } from '../../../streams/search/url';

describe('search address', () => {
  it('replays a saved search: tokens become the text, facet and category constraints their fields (protocol §17.1)', () => {
    const params = paramsOfSaved({
      path: 'dam/data/asset',
      fulltextTokens: ['(lake)', '("blue sky")'],
      fulltextMode: 'should',
      userConstraints: {
        keywords: { keywords: { in: [3, 4] } },
        [TREE_FIELD]: { [TREE_FIELD]: { descendantof: [12] } },
        rights: { dteendrights: { lt: '2026-03-01' } },
      },
    });
    expect(params).toEqual({
      q: 'lake "blue sky"',
      mode: 'should',
      sort: '',
      node: '12',
      facets: { keywords: ['3', '4'] },
      others: { rights: { dteendrights: { lt: '2026-03-01' } } },
    });
    expect(parseSearch(formatSearch(params))).toEqual(params);
  });

  it('a saved search of the demo seeds (Nature `dof`) opens with the value checked in its facet', () => {
    const params = paramsOfSaved({
      path: 'dam/data/asset',
      fulltextTokens: [],
      userConstraints: {
        [TREE_FIELD]: { [TREE_FIELD]: { descendantof: [1] } },
        assetnature: { assetnature: { dof: [3] } },
      },
    });
    expect(params.facets).toEqual({ assetnature: ['3'] });
    expect(params.node).toBe('1');
    expect(params.others).toEqual({});
  });
});
