/**
 * Reads of CMS pages (protocol §14.1): the `query` parameter, the widget and file lists, and which
 * pages a caller may read (issue 27). A draft, a work copy or a page without status is for those
 * who may edit pages; its widgets and files follow their page. Split from mocks/handlers/pages.ts,
 * which keeps the writes.
 */
import { HttpResponse } from 'msw';
import { PAGE_STATUS, type Page } from '../db/pages';
import { runtime } from '../runtime';
import type { Caller } from './caller';
import { parseJson } from './form';
import { restEnvelope } from './respond';
import { mayEditPages, mayReadPage, refusalOf } from './rights';

/** Rows per widget or file page when `max` is absent (demo convention). */
export const PAGE_PARTS_PAGE_SIZE = 5;

export class PagesError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function intParam(value: string | undefined | null, what: string): number {
  if (value === undefined || value === null || !/^\d+$/.test(value))
    throw new PagesError(400, `Invalid ${what}: ${value}`);
  return Number(value);
}

// --- rights ------------------------------------------------------------------------------------

export const readable = (caller: Caller, page: Page): boolean =>
  mayReadPage(caller, page, PAGE_STATUS.published);

/** Throws the caller's refusal (401 anonymous, 403 others) when the page is not for them. */
export function requireReadable(caller: Caller, page: Page): void {
  if (readable(caller, page)) return;
  const { status, message } = refusalOf(caller, `see the unpublished page ${page.id}`);
  throw new PagesError(status, message);
}

/** The page a widget or file hangs under, from its parent chain `clubwedpagedesc_{id}_…`. */
export function pageOfParent(parent: string): Page | undefined {
  const id = Number(/^clubwedpagedesc_(\d+)/.exec(parent)?.[1]);
  return runtime.db.pages.find((page) => page.id === id);
}

/**
 * The pages a widget or file query names: page chains (`clubwedpagedesc_7…`), widget chains
 * (`clubwedwidget_12…`) and widget ids, wherever they stand in the query. Asking for the parts of
 * a page one may not read is refused outright, as asking for the page is; rows of such pages are
 * also left out of any other query (see `listAnswer`).
 */
function pagesNamedBy(query: unknown, resource: 'pagewidget' | 'pagefile'): Page[] {
  const { pages, pageWidgets } = runtime.db;
  const named = new Set<Page>();
  const widgetPage = (id: number) => {
    const widget = pageWidgets.find((one) => one.id === id);
    const page = widget && pageOfParent(widget.parent);
    if (page) named.add(page);
  };
  const visit = (value: unknown, key?: string): void => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(/clubwedpagedesc_(\d+)/g)) {
        const page = pages.find((one) => one.id === Number(match[1]));
        if (page) named.add(page);
      }
      for (const match of value.matchAll(/clubwedwidget_(\d+)/g)) widgetPage(Number(match[1]));
    }
    if (key === 'id' && resource === 'pagewidget' && (typeof value === 'number' || typeof value === 'string'))
      widgetPage(Number(value));
    if (Array.isArray(value)) for (const entry of value) visit(entry, key);
    else if (value !== null && typeof value === 'object')
      for (const [name, entry] of Object.entries(value)) visit(entry, name === 'id' ? name : (key ?? name));
  };
  visit(query);
  return [...named];
}

// --- the `query` parameter (the few forms protocol §14.1 sends) ------------------------------

function matchValue(actual: unknown, condition: unknown): boolean {
  if (condition !== null && typeof condition === 'object' && !Array.isArray(condition)) {
    return Object.entries(condition).every(([operator, expected]) => {
      switch (operator) {
        case 'eq':
          return String(actual) === String(expected);
        case 'neq':
          return String(actual) !== String(expected);
        case 'sw':
          return String(actual).startsWith(String(expected));
        case 'ew':
          return String(actual).endsWith(String(expected));
        case 'in':
          return Array.isArray(expected) && expected.map(String).includes(String(actual));
        default:
          throw new PagesError(400, `Unknown query operator ${operator}`);
      }
    });
  }
  return String(actual) === String(condition);
}

export function matchQuery(row: Record<string, unknown>, query: unknown): boolean {
  if (query === null || typeof query !== 'object' || Array.isArray(query))
    throw new PagesError(400, 'Invalid query');
  return Object.entries(query).every(([key, condition]) => {
    if (key === 'or' || key === 'and') {
      if (!Array.isArray(condition)) throw new PagesError(400, `Invalid query: ${key} needs a list`);
      return key === 'or'
        ? condition.some((one) => matchQuery(row, one))
        : condition.every((one) => matchQuery(row, one));
    }
    return matchValue(row[key], condition);
  });
}

export function queryOf(url: URL): unknown {
  const text = url.searchParams.get('query');
  if (text === null || text === '') return {};
  const parsed = parseJson(text);
  if (!parsed.ok) throw new PagesError(400, 'The query is not valid JSON');
  return parsed.value;
}

/** Widgets or files: the query's rows of pages the caller may read, `max` at a time. */
export function listAnswer<T extends { id: number; parent: string }>(
  request: Request,
  caller: Caller,
  resource: 'pagewidget' | 'pagefile',
  rows: readonly T[],
): Response {
  const url = new URL(request.url);
  const query = queryOf(url);
  for (const page of pagesNamedBy(query, resource)) requireReadable(caller, page);
  const matching = rows.filter((row) => {
    const page = pageOfParent(row.parent);
    // a row whose page is gone is an editor's leftover: editors only
    const visible = page ? readable(caller, page) : mayEditPages(caller);
    return visible && matchQuery(row as unknown as Record<string, unknown>, query);
  });
  const max = url.searchParams.has('max')
    ? intParam(url.searchParams.get('max'), 'max')
    : PAGE_PARTS_PAGE_SIZE;
  const after = url.searchParams.get('after');
  const offset = after ? intParam(after, 'after token') : 0;
  const data = matching.slice(offset, offset + Math.max(1, max));
  const next = offset + data.length;
  return HttpResponse.json(
    restEnvelope(request, {
      resource,
      data,
      total: matching.length,
      links: next < matching.length ? { nextResultsToken: String(next) } : {},
    }),
  );
}
