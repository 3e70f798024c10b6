/** The analytics slice: analytics logs and figures (protocol §18). */
export interface AnalyticsState {
  byKey: Record<string, never>;
}

export const initialAnalyticsState: AnalyticsState = { byKey: {} };
