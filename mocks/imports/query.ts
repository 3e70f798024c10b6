/** Item searches within a job and across jobs filter, order and page alike: the rules live here once. */
import type { ImportItem } from '../db/imports';
import { parseJson } from '../handlers/form';
import { ImportError, isRecord } from './request';

const FILTERABLE: Record<string, (item: ImportItem) => unknown> = {
  id: (item) => item.id,
  status: (item) => item.status,
  $status: (item) => item.status,
  job: (item) => item.job,
  mimetype: (item) => item.mimetype,
  indexingstatus: (item) => item.indexingstatus,
  name: (item) => item.name,
};

export const same = (a: unknown, b: unknown): boolean => String(a) === String(b);

/** `query` (JSON) on items: `{field: value}` or `{field: {eq|ne|in|nin|gt|lt: …}}`; unknown fields are refused. */
export function matcher(queryText: string | null | undefined): (item: ImportItem) => boolean {
  if (!queryText) return () => true;
  const parsed = parseJson(queryText);
  if (!parsed.ok || !isRecord(parsed.value))
    throw new ImportError(400, `query must be a JSON object: ${queryText}`);
  const tests: Array<(item: ImportItem) => boolean> = [];
  for (const [field, condition] of Object.entries(parsed.value)) {
    const read = FILTERABLE[field];
    if (!read) throw new ImportError(400, `Cannot query items on ${field}`);
    const conditions = isRecord(condition) ? condition : { eq: condition };
    for (const [operator, value] of Object.entries(conditions)) {
      const list = Array.isArray(value) ? value : [value];
      switch (operator) {
        case 'eq':
          tests.push((item) => same(read(item), value));
          break;
        case 'ne':
          tests.push((item) => !same(read(item), value));
          break;
        case 'in':
          tests.push((item) => list.some((entry) => same(read(item), entry)));
          break;
        case 'nin':
        case 'notin':
          tests.push((item) => !list.some((entry) => same(read(item), entry)));
          break;
        case 'gt':
          tests.push((item) => Number(read(item)) > Number(value));
          break;
        case 'lt':
          tests.push((item) => Number(read(item)) < Number(value));
          break;
        default:
          throw new ImportError(400, `Unknown operator ${operator} on ${field}`);
      }
    }
  }
  return (item) => tests.every((test) => test(item));
}

export const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export const itemTexts = (item: ImportItem): string =>
  [item.name, item.filename, item.metadata.title ?? '', item.metadata.description ?? '']
    .join(' ')
    .toLowerCase();

/** Fulltext on items: every word typed is found at the start of a word of the name, file name, title or description. */
export function fulltextMatcher(fulltext: string | null): (item: ImportItem) => boolean {
  const terms = words((fulltext ?? '').replace(/[*"()]/g, ' '));
  if (terms.length === 0) return () => true;
  return (item) => {
    const known = words(itemTexts(item));
    return terms.every((term) => known.some((word) => word.startsWith(term)));
  };
}

/** The fields a job's items may be ordered by (`orderby={field} asc|desc`); another is refused with 400. */
const ITEM_ORDER_FIELDS = ['id', 'name', '$datatime', 'created', 'status'];

export function orderItems(items: ImportItem[], orderby: string | null): ImportItem[] {
  const [field = 'id', direction = 'asc', ...rest] = (orderby?.trim() || 'id asc').split(/\s+/);
  if (!ITEM_ORDER_FIELDS.includes(field) || !/^(asc|desc)$/i.test(direction) || rest.length > 0)
    throw new ImportError(
      400,
      `Cannot order items by ${orderby}: use one of ${ITEM_ORDER_FIELDS.join(', ')}, asc or desc`,
    );
  const key = (item: ImportItem): string | number =>
    field === 'name'
      ? item.name.toLowerCase()
      : field === '$datatime' || field === 'created'
        ? item.$datatime
        : field === 'status'
          ? item.status
          : item.id;
  const sign = direction.toLowerCase() === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id) * sign;
  });
}

/** A 32-bit FNV-1a hash of the list a token pages through, so a token of another list is refused. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** Paging tokens (`links.next`, `links.moreResultsToken`): `{offset}.{hash of the list}`. */
export const encodeToken = ({ o, s }: { o: number; s: string }): string => `${o}.${hashOf(s)}`;

export function decodeOffset(token: string | null, scope: string): number {
  if (!token) return 0;
  const match = /^(\d+)\.([0-9a-z]+)$/.exec(token);
  if (match && match[2] === hashOf(scope)) return Number(match[1]);
  throw new ImportError(400, `Invalid token ${token}`);
}
