import { caseReducer } from '../core/case-reducer';
import type { PagesState } from './state';

export const pagesReducer = caseReducer<PagesState>();
