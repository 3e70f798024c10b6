import { defineDomain } from '../core/domain';
import {
  countSearchFacets,
  followSearchAddress,
  retryFacetValues,
  searchDomainName,
  sentenceFollowsChips,
  suggestOnNoResults,
} from './epics';

/** The search screen's flow: no slice of its own, the address drives the list, its tree and its counts. */
export const searchDomain = defineDomain({
  name: searchDomainName,
  epics: {
    followSearchAddress,
    countSearchFacets,
    retryFacetValues,
    sentenceFollowsChips,
    suggestOnNoResults,
  },
});
