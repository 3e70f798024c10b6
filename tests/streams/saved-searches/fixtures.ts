import type { SavedSearch } from '../../../streams/saved-searches/api';

/** A saved search as the state keeps it, owned by user 1 unless told. */
export function savedSearch(id: string, fields: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id,
    name: `Search ${id}`,
    description: '',
    ownerId: '1',
    subscriberIds: ['1'],
    isPrivate: true,
    created: 1_767_225_600_000,
    data: { path: 'dam/data/asset', fulltextTokens: ['(lake)'], userConstraints: {}, customParams: {} },
    ...fields,
  };
}
