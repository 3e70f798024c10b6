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

/** A schema domain: the names of its schemas once loaded. */
export interface DomainEntry {
  status: Status;
  names: string[];
  error: SerializedError | null;
}

/** The fields an update form may send (`inputs.properties`), by schema name. */
export interface UpdateFieldsEntry {
  status: Status;
  fields: Record<string, unknown> | null;
  error: SerializedError | null;
}

export interface SchemasState {
  byName: Record<string, SchemaEntry>;
  domains: Record<string, DomainEntry>;
  updateFields: Record<string, UpdateFieldsEntry>;
}

export const initialSchemasState: SchemasState = { byName: {}, domains: {}, updateFields: {} };
