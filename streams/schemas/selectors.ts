import type { Status } from '../core/status';
import { type FieldHeader, relatedSchemaOf, type SchemaBody } from './api';
import type { DomainEntry, SchemaEntry, SchemasState, UpdateFieldsEntry } from './state';

export type { FieldHeader, SchemaBody } from './api';
export type { DomainEntry, SchemaEntry, SchemasState, UpdateFieldsEntry } from './state';
export type WithSchemas = { schemas: SchemasState };

export const selectSchema = (state: WithSchemas, name: string): SchemaEntry | undefined =>
  state.schemas.byName[name];

export const selectSchemaStatus = (state: WithSchemas, name: string): Status =>
  state.schemas.byName[name]?.status ?? 'unknown';

/** The single-resource bodies of a name: itself, or the parts of a meta-schema. */
export function selectSchemaBodies(state: WithSchemas, name: string): SchemaBody[] {
  const target = state.schemas.byName[name];
  if (!target) return [];
  if (!target.schemas) return target.body ? [target.body] : [];
  return target.schemas.flatMap((part) => {
    const body = state.schemas.byName[part]?.body;
    return body ? [body] : [];
  });
}

const fieldCache = new WeakMap<SchemaEntry, Record<string, FieldHeader>>();

/** protocol §11.2: a meta-schema's fields are the union of its sub-schemas' fields. */
export function selectSchemaFields(state: WithSchemas, name: string): Record<string, FieldHeader> {
  const target = state.schemas.byName[name];
  if (!target) return {};
  if (!target.schemas) return target.body?.fields ?? {};
  const cached = fieldCache.get(target);
  if (cached) return cached;
  const union: Record<string, FieldHeader> = {};
  for (const body of selectSchemaBodies(state, name)) {
    for (const [field, header] of Object.entries(body.fields)) union[field] ??= header;
  }
  fieldCache.set(target, union);
  return union;
}

/**
 * protocol §11.2: `create` AND `objectdata/insert`; a meta-schema grants it when any part does.
 * Only a schema resolved for the current user counts (not one another user's answer left behind).
 */
export function selectCanCreate(state: WithSchemas, name: string): boolean {
  return selectSchemaBodies(state, name).some(
    (body) =>
      state.schemas.byName[body.name]?.status === 'resolved' &&
      body.create &&
      body.security['objectdata/insert'] === true,
  );
}

/** The field naming a node's parent: `treefield`, else the field whose header has `tree: true`. */
function treeFieldOf(body: SchemaBody): string | null {
  if (body.treefield) return body.treefield;
  const found = Object.entries(body.fields).find(([, header]) => header.tree === true);
  return found ? found[0] : null;
}

/** protocol §11.2: a schema whose `tree` is false is never a tree. */
function isTreeSchema(body: SchemaBody): boolean {
  return body.tree !== false && treeFieldOf(body) !== null;
}

export function selectTreeField(state: WithSchemas, name: string): string | null {
  const body = state.schemas.byName[name]?.body;
  return body && isTreeSchema(body) ? treeFieldOf(body) : null;
}

/** The schema a relation field points to (`keywords` of an asset -> `dam/data/keyword`). */
export function selectRelatedSchema(state: WithSchemas, name: string, field: string): string | null {
  return relatedSchemaOf(selectSchemaFields(state, name)[field]);
}

const NO_DOMAIN: DomainEntry = Object.freeze({ status: 'unknown', names: [], error: null });

/** A schema domain asked with `schemas/domainRequested`: its status and the names of its schemas. */
export const selectSchemaDomain = (state: WithSchemas, domain: string): DomainEntry =>
  state.schemas.domains[domain] ?? NO_DOMAIN;

const NO_UPDATE_FIELDS: UpdateFieldsEntry = Object.freeze({ status: 'unknown', fields: null, error: null });

/** The update form's fields of a schema (`inputs.properties`) asked with `schemas/updateFieldsRequested`. */
export const selectUpdateFields = (state: WithSchemas, name: string): UpdateFieldsEntry =>
  state.schemas.updateFields[name] ?? NO_UPDATE_FIELDS;

/** protocol §11.2: a field is editable when `cud.create` or `cud.update` is set. */
export const fieldEditable = (header: FieldHeader | undefined): boolean =>
  header?.cud?.create === true || header?.cud?.update === true;

/** protocol §11.2: a field is required when `cud.mandatoryStructure` is set. */
export const fieldRequired = (header: FieldHeader | undefined): boolean =>
  header?.cud?.mandatoryStructure === true;
