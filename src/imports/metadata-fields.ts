import type { FieldHeader } from '../../streams/schemas/selectors';
import { type FieldView, fieldGroups } from '../assets/metadata/fields';

/**
 * The fields "Edit metadata" offers for import items (protocol §15.1-§15.2): `headers.$assetmetadata`
 * gives per field its header and its flags (`$meta`: editable, mandatory, viewable), and
 * `$assetmetadataresources` per resource its fields. A field is required when `mandatoryStructure`
 * (or `$meta.mandatory`) is set, editable when `create` or `update` (or `$meta.editable`) is set;
 * a field not viewable is left out. Each item may narrow them with its own flags (`fieldsForItems`).
 * The views are those of the asset page (`fieldGroups`), so the same field controls edit them.
 */
interface ImportField extends FieldView {
  viewable: boolean;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const flag = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

function headerOf(name: string, raw: Loose): { header: FieldHeader; viewable: boolean } {
  const meta = isObject(raw.$meta) ? raw.$meta : {};
  const cud = isObject(raw.cud) ? raw.cud : {};
  const editable =
    flag(meta.editable) ??
    flag(raw.editable) ??
    (isObject(raw.cud) ? cud.create === true || cud.update === true : true);
  const required = flag(meta.mandatory) ?? flag(raw.mandatory) ?? cud.mandatoryStructure === true;
  const viewable = flag(meta.viewable) ?? flag(raw.viewable) ?? true;
  return {
    header: {
      ...(raw as FieldHeader),
      label: typeof raw.label === 'string' ? raw.label : name,
      type: typeof raw.type === 'string' ? raw.type : 'string',
      cud: { update: editable, mandatoryStructure: required },
    },
    viewable,
  };
}

/** Field headers from `headers.$assetmetadata` and, for fields it lacks, the resources' `fields`. */
export function importFields(fields: unknown, resources: unknown): ImportField[] {
  const raw: Record<string, Loose> = {};
  const collect = (source: unknown) => {
    if (Array.isArray(source)) {
      for (const entry of source) {
        if (isObject(entry) && typeof entry.name === 'string') raw[entry.name] ??= entry;
      }
    } else if (isObject(source)) {
      for (const [name, entry] of Object.entries(source)) if (isObject(entry)) raw[name] ??= entry;
    }
  };
  collect(fields);
  const resourceList = Array.isArray(resources)
    ? resources
    : isObject(resources)
      ? Object.values(resources)
      : [];
  for (const resource of resourceList) if (isObject(resource)) collect(resource.fields);

  const headers: Record<string, FieldHeader> = {};
  const viewable = new Map<string, boolean>();
  for (const [name, entry] of Object.entries(raw)) {
    const { header, viewable: shown } = headerOf(name, entry);
    headers[name] = header;
    viewable.set(name, shown);
  }
  return fieldGroups(headers)
    .flatMap((group) => group.fields)
    .map((field) => ({ ...field, viewable: viewable.get(field.name) ?? true }))
    .filter((field) => field.viewable && field.kind !== 'other');
}

/**
 * The flags an item gives one of its fields: `$assetmetadata['$meta-<field>']` (issue 26 item 10,
 * as the reference reads them), the flags under `faces` or in the object itself.
 */
function itemFlags(item: Loose | null | undefined, field: string): Loose {
  const metadata = item && isObject(item.$assetmetadata) ? item.$assetmetadata : null;
  const meta = metadata?.[`$meta-${field}`];
  if (!isObject(meta)) return {};
  return isObject(meta.faces) ? meta.faces : meta;
}

/**
 * The fields as the items allow them: left out when an item may not show it, editable only when
 * every item may edit it (a patch of the others would be refused), required when one item requires it.
 */
export function fieldsForItems(
  fields: readonly ImportField[],
  items: readonly (Loose | null | undefined)[],
): ImportField[] {
  return fields.flatMap((field) => {
    const flags = items.map((item) => itemFlags(item, field.name));
    if (flags.some((one) => one.viewable === false)) return [];
    return [
      {
        ...field,
        editable: field.editable && flags.every((one) => one.editable !== false),
        required: field.required || flags.some((one) => one.mandatory === true),
      },
    ];
  });
}

/** An item's current value of a field: its `$assetmetadata` member (§15.1), else the item's own. */
export function itemValue(item: Loose | null | undefined, field: string): unknown {
  if (!item) return undefined;
  const metadata = isObject(item.$assetmetadata) ? item.$assetmetadata : null;
  return metadata && field in metadata ? metadata[field] : item[field];
}

/**
 * A form value as the set-metadata command takes it (protocol §15.2): texts, numbers and ids as
 * they are, an object by its id, a list as `{$mode: 'replace', $values: ids}`.
 */
export function commandValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    return {
      $mode: 'replace',
      $values: value.map((one) => (isObject(one) && 'id' in one ? one.id : one)),
    };
  }
  if (isObject(value) && 'id' in value) return value.id;
  return value;
}
