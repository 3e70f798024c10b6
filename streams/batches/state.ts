/** The batches slice: batches of entity creates and updates (protocol §16). */
export interface BatchesState {
  byKey: Record<string, never>;
}

export const initialBatchesState: BatchesState = { byKey: {} };
