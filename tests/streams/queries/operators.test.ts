import { describe, expect, it } from 'vitest';
import {
  adaptFulltext,
  fulltextOfTokens,
  modeChangeMessage,
  modeOf,
  OPERATORS,
} from '../../../streams/core/query/operators';
import { entryOf } from '../../../streams/queries/reducer';
import type { QueryState } from '../../../streams/queries/state';
import { wireQueryOf } from '../../../streams/queries/selectors';

const query = (constraints: QueryState['constraints'], extra: Partial<QueryState> = {}): QueryState => ({
  name: 'q',
  path: 'dam/data/asset,keyword',
  constraints,
  staticConstraints: {},
  staticQuery: { activated: true },
  namespaces: {},
  excludedPaths: [],
  ...extra,
});

describe('query construction (protocol §8.3)', () => {
  it('knows every operator of protocol §8.3 and their modes (seed 001 §5)', () => {
    expect(OPERATORS).toHaveLength(35);
    for (const inclusive of [
      'in',
      'nin',
      'notin',
      'dof',
      'descendantof',
      'ndof',
      'notdescendantof',
      'contains',
      'ct',
    ]) {
      expect(modeOf(inclusive)).toBe('inclusive');
    }
    for (const exclusive of ['eq', 'neq', 'gt', 'sw', 'empty', 'notempty', 'startswith'])
      expect(modeOf(exclusive)).toBe('exclusive');
    expect(modeChangeMessage('k', 'inclusive', 'eq')).toBe(
      'constraint k is already registered with a different mode: "inclusive", but operator "eq" implies "exclusive"',
    );
  });

  it('gives {} without parts, the part itself for one, and {"and":[…]} for several', () => {
    expect(wireQueryOf(query({}, { staticQuery: null }))).toEqual({});
    expect(wireQueryOf(query({}))).toEqual({ activated: true });
    expect(wireQueryOf(query({ k: entryOf({ field: 'keywords', operator: 'in', value: [1] }) }))).toEqual({
      and: [{ keywords: { in: [1] } }, { activated: true }],
    });
  });

  it('joins a namespace with or when asked, and limits res@field constraints per meta resource', () => {
    const constraints = {
      a: entryOf({ field: 'keywords', operator: 'in', value: [1], namespace: 'facets' }),
      b: entryOf({ field: 'author', operator: 'eq', value: 'x', namespace: 'facets' }),
      c: entryOf({ field: 'asset@name', operator: 'sw', value: 'a' }),
    };
    const built = wireQueryOf(query(constraints, { namespaces: { facets: 'or' }, staticQuery: null }), {
      resource: 'keyword',
      path: 'dam/data/keyword',
      fields: new Set(['name']),
    });
    expect(built).toEqual({ or: [{ id: 0 }, { id: 0 }] });
    const asset = wireQueryOf(query(constraints, { namespaces: { facets: 'or' }, staticQuery: null }), {
      resource: 'asset',
      path: 'dam/data/asset',
      fields: new Set(['name', 'keywords', 'author']),
    });
    expect(asset).toEqual({
      and: [{ name: { sw: 'a' } }, { or: [{ keywords: { in: [1] } }, { author: { eq: 'x' } }] }],
    });
  });

  it('adapts the fulltext as protocol §1.6 says and keeps tokens as (t1) (t2) (§8.3)', () => {
    expect(adaptFulltext('cat*')).toBe('cat*');
    expect(adaptFulltext('"sea (blue)" ')).toBe('"sea blue"');
    expect(adaptFulltext('(sea) cat*  ')).toBe('(sea) cat');
    expect(fulltextOfTokens(['sea', ' blue sky '])).toBe('(sea) (blue sky)');
  });
});
