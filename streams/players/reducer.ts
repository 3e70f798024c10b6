import { caseReducer } from '../core/case-reducer';
import type { PlayersState } from './state';

export const playersReducer = caseReducer<PlayersState>();
