import type { SerializedError } from '../core/errors';
import type { AssetEvent, TopLine, TrendDay } from './endpoints';
import { TOP_NAMES } from './top-names';

export { TOP_NAMES, type TopName } from './top-names';

export type AnalyticsStatus = 'unknown' | 'fetching' | 'loaded' | 'error';

/** The usage of one asset (protocol §18 "Asset events"). */
export interface AssetEventsEntry {
  status: AnalyticsStatus;
  list: AssetEvent[];
  error: SerializedError | null;
}

/** The statuses of a top (protocol §18): starts `registered`. */
export type TopStatus = 'registered' | 'initial' | 'fetching' | 'loaded' | 'error';

/** One top (protocol §18; seed 001 §3: ts, data, status, error). */
export interface TopEntry {
  status: TopStatus;
  /** when its data was loaded (epoch ms), null before */
  ts: number | null;
  /** the lines of the last answer, in server order */
  data: TopLine[];
  /** what the last request asked (null before any) */
  nbrDays: number | null;
  max: number | null;
  error: SerializedError | null;
}

/** A generic top or a broadcast answer, kept whole. */
export interface WholeEntry {
  status: AnalyticsStatus;
  data: unknown;
  error: SerializedError | null;
}

/** The daily trend (demo convention): `not_found` when the server has none (404: the generic status of §2.1). */
export interface TrendEntry {
  status: AnalyticsStatus | 'not_found';
  days: TrendDay[];
  error: SerializedError | null;
}

/**
 * The analytics slice (protocol §18): asset events by `${resource}|${id}`, the four tops by
 * name, generic tops by the caller's id, broadcast data by uuid, the trend by
 * `${nbrDays}|${onlyCurrentUser}`. Logging keeps nothing in state (the counted assets' names are the
 * entities domain's).
 */
export interface AnalyticsState {
  assetEvents: Record<string, AssetEventsEntry>;
  tops: Record<string, TopEntry>;
  genericTops: Record<string, WholeEntry>;
  broadcasts: Record<string, WholeEntry>;
  trends: Record<string, TrendEntry>;
}

export const registeredTop = (): TopEntry => ({
  status: 'registered',
  ts: null,
  data: [],
  nbrDays: null,
  max: null,
  error: null,
});

export const initialAnalyticsState: AnalyticsState = {
  assetEvents: {},
  tops: Object.fromEntries(TOP_NAMES.map((name) => [name, registeredTop()])),
  genericTops: {},
  broadcasts: {},
  trends: {},
};
