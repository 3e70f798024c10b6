import { EMPTY, expand, type Observable, map, mergeMap, reduce, toArray, from, concatMap, of } from 'rxjs';
import * as z from 'zod/mini';
import { AppError } from '../core/errors';
import type { Http, HttpRequest, QueryValue } from '../core/http';
import type { EditorConfig, FileRecord, PageRecord, WidgetRecord } from './events';
import { FILE_OBJECT, PAGE_OBJECT, unknownPathMessage, WIDGET_OBJECT } from './model';

/** Calls of protocol §14.1. Every answer is validated here and turned into the domain's records. */

const idRef = z.nullish(z.looseObject({ id: z.union([z.number(), z.string()]) }));
const jsonText = z.nullish(z.union([z.string(), z.record(z.string(), z.unknown())]));
const strings = z.nullish(z.array(z.string()));
/** `validchildren`: relations to the templates, read by their id as the reference reads them. */
const templateRefs = z.nullish(z.array(idRef));
const templateIds = (refs: z.infer<typeof templateRefs>): number[] =>
  (refs ?? []).flatMap((ref) => refId(ref) ?? []);

/** What a page and a widget both hold: their props, their features and the templates they take. */
const componentFields = { id: z.number(), props: jsonText, features: strings, validchildren: templateRefs };

const pageRowSchema = z.looseObject({
  ...componentFields,
  name: z.nullish(z.string()),
  template: z.nullish(z.string()),
  path: z.string(),
  version: z.nullish(z.number()),
  status: idRef,
  copietravail: idRef,
});
type PageRow = z.infer<typeof pageRowSchema>;

const widgetRowSchema = z.looseObject({
  ...componentFields,
  parent: z.string(),
  value: z.nullish(z.string()),
  position: z.nullish(z.number()),
  enabled: z.nullish(z.boolean()),
  name: z.nullish(z.string()),
  component: z.nullish(z.string()),
  slot: z.nullish(z.string()),
});
type WidgetRow = z.infer<typeof widgetRowSchema>;

const fileRowSchema = z.looseObject({
  id: z.number(),
  parent: z.string(),
  name: z.string(),
  file: z.nullish(z.string()),
  modified: z.nullish(z.string()),
});
type FileRow = z.infer<typeof fileRowSchema>;

const listSchema = <T extends z.ZodMiniType>(row: T) =>
  z.looseObject({
    response: z.looseObject({ data: z.array(row) }),
    links: z.nullish(z.looseObject({ nextResultsToken: z.nullish(z.string()) })),
  });
const pageListSchema = listSchema(pageRowSchema);
const widgetListSchema = listSchema(widgetRowSchema);
const fileListSchema = listSchema(fileRowSchema);
const onePageSchema = z.looseObject({ response: z.looseObject({ data: pageRowSchema }) });
const workCopySchema = z.looseObject({
  response: z.looseObject({ data: z.nullish(z.union([z.string(), z.number()])) }),
});
const assignSchema = z.looseObject({ new_children: z.array(z.union([z.number(), z.string()])) });
const attachmentSchema = z.looseObject({
  response: z.looseObject({ data: z.union([z.string(), z.number()]) }),
});
const editorConfigAnswerSchema = z.looseObject({
  toolbarButtons: z.nullish(z.array(z.string())),
  heightMin: z.nullish(z.number()),
  pastePlain: z.nullish(z.boolean()),
});

const text = (value: string | Record<string, unknown> | null | undefined): string =>
  value === null || value === undefined ? '{}' : typeof value === 'string' ? value : JSON.stringify(value);
const refId = (ref: { id: number | string } | null | undefined): number | null => {
  const id = ref ? Number(ref.id) : Number.NaN;
  return Number.isFinite(id) ? id : null;
};

export function toPageRecord(row: PageRow): PageRecord {
  return {
    id: row.id,
    name: row.name ?? row.path,
    template: row.template ?? '',
    path: row.path,
    props: text(row.props),
    features: row.features ?? [],
    validchildren: templateIds(row.validchildren),
    version: row.version ?? 1,
    status: refId(row.status),
    copietravail: refId(row.copietravail),
  };
}

function toWidgetRecord(row: WidgetRow): WidgetRecord {
  return {
    id: row.id,
    parent: row.parent,
    props: text(row.props),
    value: row.value ?? null,
    position: row.position ?? 0,
    enabled: row.enabled ?? true,
    name: row.name ?? '',
    component: row.component ?? '',
    slot: row.slot ?? 'main',
    features: row.features ?? [],
    validchildren: templateIds(row.validchildren),
  };
}

const toFileRecord = (row: FileRow): FileRecord => ({
  id: row.id,
  parent: row.parent,
  name: row.name,
  file: row.file ?? '',
  modified: row.modified ?? null,
});

// --- reads -----------------------------------------------------------------------------------

/** A GET whose answer `schema` checks. */
const read = <T>(
  path: string,
  schema: z.ZodMiniType<T>,
  query?: Record<string, QueryValue>,
): HttpRequest<T> => (query ? { method: 'GET', path, query, schema } : { method: 'GET', path, schema });

export const listPages = () => read('/rest/data/page', pageListSchema, { query: { ismodel: false } });

export const fetchPageRow = (id: number) => read(`/rest/data/page/${id}`, onePageSchema);

/** The parent query of a page's parts (protocol §14.1). */
const partsQuery = (pageId: number) => ({
  or: [{ parent: { eq: `${PAGE_OBJECT}_${pageId}` } }, { parent: { sw: `${PAGE_OBJECT}_${pageId}_` } }],
});

/** The query of one widget and its subtree (protocol §14.1 "One widget"). */
export const widgetQuery = (id: number) => ({
  or: [{ id }, { parent: { eq: `${WIDGET_OBJECT}_${id}` } }, { parent: { sw: `${WIDGET_OBJECT}_${id}_` } }],
});

type ListAnswer<R> = {
  response: { data: R[] };
  links?: { nextResultsToken?: string | null } | null | undefined;
};

/** Every row of a list, following `links.nextResultsToken` through `after` until it is absent. */
function allRows<R>(
  http: Http,
  request: (after: string | undefined) => HttpRequest<ListAnswer<R>>,
): Observable<R[]> {
  return http.request(request(undefined)).pipe(
    expand(({ data }) => {
      const token = data.links?.nextResultsToken;
      return token ? http.request(request(token)) : EMPTY;
    }),
    reduce((rows: R[], { data }) => rows.concat(data.response.data), []),
  );
}

const partsRequest =
  <R>(resource: 'pagewidget' | 'pagefile', schema: z.ZodMiniType<ListAnswer<R>>, query: object) =>
  (after: string | undefined): HttpRequest<ListAnswer<R>> =>
    read(`/rest/data/${resource}`, schema, after === undefined ? { query } : { query, after });

export const fetchWidgets = (http: Http, query: object): Observable<WidgetRecord[]> =>
  allRows(http, partsRequest('pagewidget', widgetListSchema, query)).pipe(
    map((rows) => rows.map(toWidgetRecord)),
  );

/** Some widgets by id, as one request (a kept save's check: few widgets, one page of answers). */
export const widgetsById = (ids: readonly number[]) =>
  partsRequest('pagewidget', widgetListSchema, { or: ids.map((id) => ({ id })) })(undefined);
export const widgetRecords = (answer: ListAnswer<WidgetRow>): WidgetRecord[] =>
  answer.response.data.map(toWidgetRecord);

const fetchFiles = (http: Http, query: object): Observable<FileRecord[]> =>
  allRows(http, partsRequest('pagefile', fileListSchema, query)).pipe(map((rows) => rows.map(toFileRecord)));

export interface Content {
  page: PageRecord;
  widgets: WidgetRecord[];
  files: FileRecord[];
  templates?: WidgetRecord[];
}

/** A page with every widget and file under it. */
export function fetchContent(http: Http, id: number): Observable<Content> {
  return http.request(fetchPageRow(id)).pipe(
    mergeMap(({ data }) => {
      const page = toPageRecord(data.response.data);
      return fetchWidgets(http, partsQuery(page.id)).pipe(
        mergeMap((widgets) =>
          fetchFiles(http, partsQuery(page.id)).pipe(map((files) => ({ page, widgets, files }))),
        ),
      );
    }),
  );
}

/**
 * A page to edit: its content and the templates it and its blocks may hold (their `validchildren`),
 * read in one widget list, as the editor offers them.
 */
export function fetchDraft(http: Http, id: number): Observable<Content> {
  return fetchContent(http, id).pipe(
    mergeMap((content) => {
      const ids = [...new Set([content.page, ...content.widgets].flatMap((holder) => holder.validchildren))];
      if (ids.length === 0) return of({ ...content, templates: [] });
      return fetchWidgets(http, { id: { in: ids } }).pipe(map((templates) => ({ ...content, templates })));
    }),
  );
}

/** The error of an unknown path (protocol §14.2): code 404 carrying the path. */
export const unknownPathError = (path: string): AppError =>
  new AppError({ code: 'error.http.404', status: 404, message: unknownPathMessage(path), body: { path } });

export const fetchWorkCopy = (id: number) =>
  read(`/rest/bs/clubwed_getWorkCopy/${PAGE_OBJECT}/${id}`, workCopySchema);

/** The work-copy id as text, default `'0'`, parsed as an integer. */
export function workCopyIdOf(answer: z.infer<typeof workCopySchema>): number {
  const id = Number.parseInt(String(answer.response.data ?? '0'), 10);
  return Number.isFinite(id) && id > 0 ? id : 0;
}

// --- writes ------------------------------------------------------------------------------------

/** Save (protocol §14.1): the `prop_*` fields in the query string, no body. */
export const saveComponent = (
  object: string,
  id: number,
  fields: Record<string, string>,
): HttpRequest<undefined> => ({
  method: 'PATCH',
  path: `/json/update/${object}/${id}`,
  query: fields,
});

export const publishPage = (id: number): HttpRequest<undefined> => ({
  method: 'PATCH',
  path: `/json/workflow/data.page.workflow/${id}`,
  query: { action: 'validate' },
});

/**
 * `{damUrl}/bov3/...` lies outside the API base (`{damUrl}/api`): the path climbs out of it with
 * `/..`, which the URL parser resolves before the request leaves.
 */
const OUTSIDE_API = '/..';

/** A back-office action (`{damUrl}/bov3/{action}`) posted as a form, as the reference sends it. */
function backOffice(action: string, form: Record<string, QueryValue>): HttpRequest<undefined>;
function backOffice<T>(
  action: string,
  form: Record<string, QueryValue>,
  schema: z.ZodMiniType<T>,
): HttpRequest<T>;
function backOffice<T>(
  action: string,
  form: Record<string, QueryValue>,
  schema?: z.ZodMiniType<T>,
): HttpRequest<T | undefined> {
  const request = { method: 'POST' as const, path: `${OUTSIDE_API}/bov3/${action}`, body: { form } };
  return schema ? { ...request, schema } : request;
}

/**
 * Assign collection (protocol §14.1, as the reference sends it): the parent's `children` become the
 * ids in that order; an id that is not a child yet (a template, a block from elsewhere) is copied in.
 */
export const assignChildren = (form: { object: string; id: number; children: readonly number[] }) =>
  backOffice(
    'common/actions/affect_collection.jspz',
    {
      form_object: form.object,
      form_id: form.id,
      form_field: 'children',
      form_value: form.children.map(String),
    },
    assignSchema,
  );

/**
 * The children once assigned: `new_children` in the order sent, a copy's id where its source
 * stood (the reference reads it so); null when the answer does not line up with what was sent.
 */
export function assignedChildren(
  answer: z.infer<typeof assignSchema>,
  sent: readonly number[],
): number[] | null {
  const ids = answer.new_children.map(Number);
  return ids.length === sent.length && ids.every((id) => Number.isInteger(id)) ? ids : null;
}

/**
 * Sort (protocol §14.1): `clubwedwidget_1` repeated, valued with the widgets' ids in the new order
 * (the key is fixed, as the reference sends it; the values say the order).
 */
export const sortWidgets = (order: readonly number[]) =>
  backOffice('datasort/actions/sort.jspz', {
    form_object: WIDGET_OBJECT,
    sort_field: 'position',
    noredirect: true,
    [`${WIDGET_OBJECT}_1`]: order.map(String),
  });

export const removeWidget = (id: number): HttpRequest<undefined> => ({
  method: 'DELETE',
  path: `/json/delete/${WIDGET_OBJECT}/${id}`,
});

/** Replace an attachment: multipart `prop_file` twice, the file then its name. */
export const replaceAttachment = (
  id: number,
  file: Blob,
  fileName: string,
): HttpRequest<z.infer<typeof attachmentSchema>> => ({
  method: 'PATCH',
  override: 'PATCH',
  path: `/json/update/${FILE_OBJECT}/${id}`,
  body: { multipart: { prop_file: [file, fileName] } },
  schema: attachmentSchema,
});

export type EditorConfigAnswer = z.infer<typeof editorConfigAnswerSchema>;
export const editorConfig = (): HttpRequest<EditorConfigAnswer> =>
  read('/wedia/froala/config', editorConfigAnswerSchema);

/** The editor settings the portal uses; a licence key the server sends is dropped. */
export const toEditorConfig = (answer: z.infer<typeof editorConfigAnswerSchema>): EditorConfig => ({
  toolbar: answer.toolbarButtons ?? [],
  heightMin: answer.heightMin ?? null,
  pastePlain: answer.pastePlain ?? false,
});

/** Runs the requests one after the other; emits once all are done. */
export const inSequence = <T>(http: Http, requests: readonly HttpRequest<T>[]): Observable<unknown[]> =>
  requests.length === 0
    ? of([])
    : from(requests).pipe(
        concatMap((one) => http.request(one)),
        toArray(),
      );
