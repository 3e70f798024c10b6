import { defineDomain } from '../core/domain';
import { countSearchFacets, followSearchAddress } from './epics';

export const searchDomain = defineDomain({
  name: 'search',
  epics: { followSearchAddress, countSearchFacets },
});
