import { caseReducer } from '../core/case-reducer';
import type { BatchesState } from './state';

export const batchesReducer = caseReducer<BatchesState>();
