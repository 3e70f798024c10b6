/** The reverseSearch slice: reverse image search: feature status, permissions and reports (protocol §21). */
export interface ReverseSearchState {
  byKey: Record<string, never>;
}

export const initialReverseSearchState: ReverseSearchState = { byKey: {} };
