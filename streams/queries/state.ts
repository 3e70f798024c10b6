import type { SerializedError } from '../core/errors';
import type { Constraint, ConstraintMode } from '../core/query/operators';
import type { Status } from '../core/status';

export interface ConstraintEntry {
  constraint: Constraint;
  mode: ConstraintMode;
  /** resolving while a sub-query or lookup runs */
  status: Status;
  /** what is sent once resolved: the operator and value, sub-queries replaced by ids */
  resolved: { operator: string; value: unknown } | null;
  error: SerializedError | null;
  /** hash of the constraint as given: a changed constraint is resolved again */
  signature: string;
}

export interface QueryState {
  name: string;
  path: string;
  constraints: Record<string, ConstraintEntry>;
  staticConstraints: Record<string, ConstraintEntry>;
  staticQuery: Record<string, unknown> | null;
  namespaces: Record<string, 'and' | 'or'>;
  excludedPaths: string[];
}

export interface QueriesState {
  byName: Record<string, QueryState>;
}

export const initialQueriesState: QueriesState = { byName: {} };
