import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import type { Bucket } from './events';

/** A count by value id (`-1`: rows without a value, protocol §9.1). */
export interface Count {
  count: number;
  total: number | null;
  name: string;
}

interface AggregateConstraint {
  field: string;
  operator: string;
  showEmptyAggregate: boolean;
  /** the values views show */
  wanted: string[];
  counts: Record<string, Count>;
}

export interface CursorAggregates {
  cursor: string;
  status: Status;
  error: SerializedError | null;
  total: number;
  signature: string | null;
  lastSignature: string | null;
  constraints: Record<string, AggregateConstraint>;
  /** field aggregates asked inline with the list */
  fields: string[];
}

export interface SortedAggregate {
  id: string;
  cursor: string;
  field: string;
  constraintKey: string;
  fields: string;
  filter: string;
  max: number;
  mode: string;
  operator: string;
  status: Status;
  error: SerializedError | null;
  signature: string | null;
  values: Bucket[];
}

export interface AggregatesState {
  byCursor: Record<string, CursorAggregates>;
  sorted: Record<string, SortedAggregate>;
}

export const initialAggregatesState: AggregatesState = { byCursor: {}, sorted: {} };
