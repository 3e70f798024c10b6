import { caseReducer } from '../core/case-reducer';
import type { ReverseSearchState } from './state';

export const reverseSearchReducer = caseReducer<ReverseSearchState>();
