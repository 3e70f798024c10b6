import { caseReducer } from '../core/case-reducer';
import type { AnalyticsState } from './state';

export const analyticsReducer = caseReducer<AnalyticsState>();
