import type { SerializedError } from '../core/errors';
import type { AssetEvent } from './events';

export type AnalyticsStatus = 'unknown' | 'fetching' | 'loaded' | 'error';

/** The usage of one asset (protocol §18 "Asset events"). */
export interface AssetEventsEntry {
  status: AnalyticsStatus;
  list: AssetEvent[];
  error: SerializedError | null;
}

/**
 * The analytics slice (protocol §18): asset events by `${resource}|${id}`. The tops of §18
 * (`topDamView`, `topDamDownload` and their `User` variants, issue 17) get a record of their own
 * beside it, by top name, with the statuses of §18 (`registered` → `initial` | `fetching` →
 * `loaded` | `error`); logging keeps nothing in state.
 */
export interface AnalyticsState {
  assetEvents: Record<string, AssetEventsEntry>;
}

export const initialAnalyticsState: AnalyticsState = { assetEvents: {} };
