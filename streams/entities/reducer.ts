import { caseReducer } from '../core/case-reducer';
import type { EntitiesState } from './state';

export const entitiesReducer = caseReducer<EntitiesState>();
