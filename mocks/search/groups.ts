import { type Row, valuesOf } from './collections';
import { decodeToken, encodeToken, hitAt, type Result } from './engine';
import type { CollectionIndex } from './indexes';
import { SearchError } from './query';

/** Groups per page of a grouped list, and per `nextGroups` page (protocol §23, next-group size 20). */
export const GROUP_PAGE_SIZE = 20;

/** `group=$resource` groups a meta list by resource. */
export const RESOURCE_GROUP = '$resource';

/** The key of the group of rows without a value (as aggregates count them under id −1). */
export const NO_VALUE_GROUP = '-1';

interface Group {
  key: string;
  label: string;
  /** offsets in the result, in its order */
  offsets: number[];
}

function groupsOf(index: CollectionIndex, row: Row, field: string): { key: string; label: string }[] {
  if (field === RESOURCE_GROUP)
    return [{ key: index.collection.resource, label: index.collection.schema.name }];
  const definition = index.field(field);
  if (!definition) return [];
  const values = valuesOf(row, definition);
  if (values.length === 0) return [{ key: NO_VALUE_GROUP, label: '' }];
  return values.map((value) => {
    const related = definition.relation ? index.related(definition.relation)?.byId(Number(value)) : undefined;
    return { key: String(value), label: String(related?.name ?? value) };
  });
}

/** The groups of a result on a field, by label (the group without a value last). A row with several values is in several groups. */
export function groupResult(result: Result, field: string): Group[] {
  if (field !== RESOURCE_GROUP && !result.indexes.some((index) => index.field(field))) {
    throw new SearchError(400, `Unknown group field ${field}`);
  }
  const groups = new Map<string, Group>();
  for (let offset = 0; offset < result.positions.length; offset++) {
    const { index, row } = hitAt(result, offset);
    for (const { key, label } of groupsOf(index, row, field)) {
      const group = groups.get(key);
      if (group) group.offsets.push(offset);
      else groups.set(key, { key, label, offsets: [offset] });
    }
  }
  return [...groups.values()].sort((a, b) =>
    a.key === NO_VALUE_GROUP
      ? 1
      : b.key === NO_VALUE_GROUP
        ? -1
        : a.label.localeCompare(b.label) || a.key.localeCompare(b.key),
  );
}

export interface GroupPage {
  key: string;
  label: string;
  total: number;
  offsets: number[];
  nextToken: string | null;
}

/** Rows `[start, start + size)` of a group, with the token of the rows after them. */
export function groupPage(group: Group, start: number, size: number): GroupPage {
  const end = start + size;
  return {
    key: group.key,
    label: group.label,
    total: group.offsets.length,
    offsets: group.offsets.slice(start, end),
    nextToken: end < group.offsets.length ? encodeToken({ o: end, g: group.key }) : null,
  };
}

/** Offset of a group's `after` token (`{o, g}`); it must belong to that group. */
export function groupRowStart(after: string | null, key: string): number {
  if (!after) return 0;
  const token = decodeToken<{ o: number; g: string }>(after);
  if (token.g !== key || !Number.isInteger(token.o))
    throw new SearchError(400, `Token ${after} is not one of group ${key}`);
  return token.o;
}

/** Offset of a `nextGroups` token (`{n}`). */
export function groupStart(nextGroups: string | null): number {
  if (!nextGroups) return 0;
  const token = decodeToken<{ n: number }>(nextGroups);
  if (!Number.isInteger(token.n)) throw new SearchError(400, `Invalid nextGroups token ${nextGroups}`);
  return token.n;
}

export function nextGroupsToken(groups: readonly Group[], end: number): string | null {
  return end < groups.length ? encodeToken({ n: end }) : null;
}
