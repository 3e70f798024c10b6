import { caseReducer } from '../core/case-reducer';
import type { ImportsState } from './state';

export const importsReducer = caseReducer<ImportsState>();
