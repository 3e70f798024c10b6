/** The selection slice: the results a user picked, per list, for actions on several at once. */
export interface SelectionState {
  byList: Record<string, never>;
}

export const initialSelectionState: SelectionState = { byList: {} };
