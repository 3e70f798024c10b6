import { caseReducer } from '../core/case-reducer';
import type { SelectionState } from './state';

export const selectionReducer = caseReducer<SelectionState>();
