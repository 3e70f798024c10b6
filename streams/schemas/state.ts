import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import type { SchemaBody } from './api';

export interface SchemaEntry {
  name: string;
  status: Status;
  error: SerializedError | null;
  /** the single-resource body once resolved; null for a meta-schema or before resolution */
  body: SchemaBody | null;
  /** meta-schema: the names of its sub-schemas */
  schemas: string[] | null;
  /** id of the request event that set it resolving: the epic asks the names it marked itself */
  requestedBy: string | null;
}

export interface SchemasState {
  byName: Record<string, SchemaEntry>;
}

export const initialSchemasState: SchemasState = { byName: {} };
