import { caseReducer } from '../core/case-reducer';
import type { NaturalLanguageState } from './state';

export const naturalLanguageReducer = caseReducer<NaturalLanguageState>();
