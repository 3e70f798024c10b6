import type { SelectionState } from './state';

export type WithSelection = { selection: SelectionState };
