import type { BatchesState } from './state';

export type WithBatches = { batches: BatchesState };
