/** One list's selection: ids in the order they were picked, and the last one toggled (the anchor of a range). */
export interface ListSelection {
  ids: string[];
  anchor: string | null;
}

/** The selection slice: the results a user picked, per list, for actions on several at once. */
export interface SelectionState {
  byList: Record<string, ListSelection>;
}

export const initialSelectionState: SelectionState = { byList: {} };
