import type { ReverseSearchState } from './state';

export type WithReverseSearch = { reverseSearch: ReverseSearchState };
