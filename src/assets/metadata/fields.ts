import { WRITE_HERE } from '../../../streams/core/write-here';
import { type FieldHeader, fieldEditable, fieldRequired } from '../../../streams/schemas/selectors';
import { wireId } from '../../../streams/core/wire-id';

/** How a field is shown and edited, from its header's `type` and `href` (protocol §11). */
type FieldKind = 'string' | 'text' | 'number' | 'boolean' | 'date' | 'one' | 'many' | 'other';

export interface FieldView {
  name: string;
  label: string;
  kind: FieldKind;
  group: { id: string; name: string };
  taborder: number;
  /** protocol §11.2: `cud.update` for an entity that exists */
  editable: boolean;
  /** protocol §11.2: `cud.mandatoryStructure` */
  required: boolean;
  i18n: boolean;
  /** the related schema's path (the part of `href` after `/api/rest/`), for relations */
  related: string | null;
}

/** A group of fields, in the schema's order. */
export interface FieldGroup {
  id: string;
  name: string;
  fields: FieldView[];
}

function relatedOf(header: FieldHeader): string | null {
  if (!header.href) return null;
  const at = header.href.indexOf('/api/rest/');
  return at >= 0 ? header.href.slice(at + '/api/rest/'.length) : header.href.replace(/^\/+/, '');
}

function kindOf(header: FieldHeader): FieldKind {
  if (header.href) return header.type === 'array' ? 'many' : 'one';
  switch (header.type) {
    case 'string':
    case 'text':
    case 'number':
    case 'boolean':
    case 'date':
      return header.type;
    default:
      return 'other';
  }
}

const NO_GROUP = { id: '', name: '' };

/**
 * The fields of a schema in their groups, each group in the order of its first field, fields by
 * `taborder` (then `position`, then name). Locale variants (`i18nFor`) and `$` members are left out.
 */
export function fieldGroups(headers: Record<string, FieldHeader>): FieldGroup[] {
  const views: Array<FieldView & { position: number }> = Object.entries(headers)
    .filter(([name, header]) => !name.startsWith('$') && !header.i18nFor)
    .map(([name, header]) => ({
      name,
      label: header.label || name,
      kind: kindOf(header),
      group: header.group ? { id: String(header.group.id), name: header.group.name } : NO_GROUP,
      taborder: header.taborder ?? Number.MAX_SAFE_INTEGER,
      position: header.position ?? Number.MAX_SAFE_INTEGER,
      editable: fieldEditable(header),
      required: fieldRequired(header),
      i18n: header.i18n === true,
      related: relatedOf(header),
    }));
  views.sort((a, b) => a.taborder - b.taborder || a.position - b.position || a.name.localeCompare(b.name));
  const groups = new Map<string, FieldGroup>();
  for (const { position: _position, ...view } of views) {
    const group = groups.get(view.group.id) ?? { id: view.group.id, name: view.group.name, fields: [] };
    group.fields.push(view);
    groups.set(view.group.id, group);
  }
  return [...groups.values()];
}

/** The fields a form edits: the editable ones of every group, in order. */
export function editableFields(groups: readonly FieldGroup[]): FieldView[] {
  return groups.flatMap((group) => group.fields.filter((field) => field.editable && field.kind !== 'other'));
}

/**
 * The update form's fields (`inputs.properties`, protocol §11.1) narrow the editable ones of an
 * entity that exists: a field only its creation may set is not offered. Until they are read, or
 * when they cannot be, the schema's flags decide alone.
 */
export function updatableFields(
  fields: readonly FieldView[],
  properties: Record<string, unknown> | null,
): FieldView[] {
  return properties ? fields.filter((field) => Object.hasOwn(properties, field.name)) : [...fields];
}

/** An i18n value is either text or `{ en: '…', fr: '…' }`: the reader's locale, else the first one. */
export function localized(value: unknown, locale: string): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const texts = value as Record<string, unknown>;
    if (!('id' in texts)) {
      const language = locale.slice(0, 2);
      return (
        texts[locale] ?? texts[language] ?? Object.values(texts).find((text) => typeof text === 'string')
      );
    }
  }
  return value;
}

/** An i18n value with the reader's locale changed (a plain text is replaced). */
export function withLocalized(previous: unknown, locale: string, text: string): unknown {
  if (previous && typeof previous === 'object' && !Array.isArray(previous) && !('id' in previous)) {
    const texts = previous as Record<string, unknown>;
    const key = locale in texts ? locale : locale.slice(0, 2);
    return { ...texts, [key]: text };
  }
  return text;
}

export type FieldProblem = 'required' | 'number' | 'date' | null;

const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && (value.trim() === '' || value === WRITE_HERE)) ||
  (Array.isArray(value) && value.length === 0);

/**
 * What is wrong with a field's value in a form: a required field left empty, a number or a date
 * that does not read as one (the form keeps what was typed, as text, until it does).
 */
export function fieldProblem(field: FieldView, value: unknown): FieldProblem {
  if (isEmpty(value)) return field.required && field.kind !== 'boolean' ? 'required' : null;
  if (field.kind === 'number' && typeof value !== 'number') return 'number';
  if (field.kind === 'date' && (typeof value !== 'string' || Number.isNaN(Date.parse(value)))) return 'date';
  return null;
}

/** A typed number: the number when it reads as one, null when empty, else the text as typed. */
export function parseNumber(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : text;
}

/** A date input's `YYYY-MM-DD` as the ISO 8601 the server keeps (UTC midnight); empty is null. */
export function parseDate(text: string): string | null {
  if (text === '') return null;
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00.000Z` : text);
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

/** An ISO date as a date input's `YYYY-MM-DD` (what was typed when it is not a date). */
export function dateInputValue(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString().slice(0, 10);
}

/** A relation's value as items: an id, an object with an id (and a name), or a list of them. */
export interface RelationItem {
  id: string;
  name: string | null;
}

export function relationItems(value: unknown): RelationItem[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.flatMap((item): RelationItem[] => {
    if (typeof item === 'number' || typeof item === 'string') return [{ id: String(item), name: null }];
    if (item && typeof item === 'object' && 'id' in item) {
      const { id, name, title } = item as { id: unknown; name?: unknown; title?: unknown };
      const label =
        typeof name === 'string' && name ? name : typeof title === 'string' && title ? title : null;
      return [{ id: String(id), name: label }];
    }
    return [];
  });
}

/** Ids travel as numbers when they look like one (the demo's ids are numbers). */

/** The changes a form holds for a relation: objects `{id, name}`, a list for `many`. */
export function relationValue(field: FieldView, items: readonly RelationItem[]): unknown {
  const objects = items.map((item) => ({ id: wireId(item.id), ...(item.name ? { name: item.name } : {}) }));
  return field.kind === 'many' ? objects : (objects[0] ?? null);
}

/** A duration in seconds as a player shows it: `0:28`, `1:02:05`. */
function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** How a value reads in the list: dates and numbers in the reader's locale, sizes in bytes' units. */
export function formatValue(
  field: FieldView,
  value: unknown,
  locale: string,
  formatSize: (bytes: number, locale: string) => string,
): string | null {
  const shown = field.i18n ? localized(value, locale) : value;
  if (shown === null || shown === undefined || shown === '') return null;
  switch (field.kind) {
    case 'date': {
      const time = typeof shown === 'number' ? shown : Date.parse(String(shown));
      if (Number.isNaN(time)) return String(shown);
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(time));
    }
    case 'number':
      if (typeof shown !== 'number') return String(shown);
      if (field.name === 'filesize' || field.name.endsWith('size')) return formatSize(shown, locale);
      if (field.name === 'duration') return formatDuration(shown);
      return new Intl.NumberFormat(locale).format(shown);
    case 'boolean':
      return shown ? 'yes' : 'no';
    default:
      return typeof shown === 'string' || typeof shown === 'number' ? String(shown) : null;
  }
}
