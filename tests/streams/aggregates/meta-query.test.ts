import { describe, expect, it } from 'vitest';
import { metaQuery } from '../../../streams/aggregates/api';
import type { CursorAggregates } from '../../../streams/aggregates/state';
import type { QueryState } from '../../../streams/queries/state';

const aggregates: CursorAggregates = {
  cursor: 'search',
  status: 'loaded',
  error: null,
  total: 0,
  signature: null,
  lastSignature: null,
  fields: [],
  constraints: {
    keywords: {
      field: 'keywords',
      operator: 'in',
      showEmptyAggregate: false,
      wanted: ['5', '7', 'x9'],
      counts: {},
    },
  },
};

const checked = (value: unknown[]): QueryState => ({
  name: 'search',
  path: 'dam/data/asset',
  constraints: {
    keywords: {
      constraint: { field: 'keywords', operator: 'in', value },
      mode: 'inclusive',
      status: 'resolved',
      resolved: { operator: 'in', value },
      error: null,
      signature: '',
    },
  },
  staticConstraints: {},
  staticQuery: { activated: true },
  namespaces: {},
  excludedPaths: [],
});

describe('the /aggs $meta-query (protocol §9.1; issue 26 item 6)', () => {
  it('a checked value is asked in unconstrainedAggregate only; ids in the server type', () => {
    const meta = metaQuery(aggregates, checked([5]), true)['$meta-query'] as Record<string, unknown>;
    expect(meta.keywords).toEqual({
      constraint: { keywords: { in: [5] } },
      aggregate: { field: 'keywords', operator: 'in', ids: [7, 'x9'] },
      unconstrainedAggregate: { field: 'keywords', operator: 'in', ids: [5] },
    });
  });

  it('nothing checked: no unconstrainedAggregate', () => {
    const meta = metaQuery(aggregates, undefined, true)['$meta-query'] as Record<string, unknown>;
    expect(meta.keywords).toEqual({ aggregate: { field: 'keywords', operator: 'in', ids: [5, 7, 'x9'] } });
  });
});
