import type { AnalyticsState } from './state';

export type WithAnalytics = { analytics: AnalyticsState };
