import { defineDomain } from '../core/domain';
import { type BookmarkSlices, keepCursorBookmark } from './bookmark-epics';
import {
  countSearchFacets,
  followSearchAddress,
  recountAfterBatch,
  retryFacetValues,
  type SearchSlices,
  searchDomainName,
  sentenceFollowsChips,
  suggestOnNoResults,
} from './epics';

/** The search screen's flow: no slice of its own, the address drives the list, its tree and its counts. */
export const searchDomain = defineDomain<typeof searchDomainName, unknown, SearchSlices & BookmarkSlices>({
  name: searchDomainName,
  epics: {
    followSearchAddress,
    countSearchFacets,
    recountAfterBatch,
    retryFacetValues,
    sentenceFollowsChips,
    suggestOnNoResults,
    keepCursorBookmark,
  },
});
