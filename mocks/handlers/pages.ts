import { HttpResponse, http } from 'msw';
import { nextId, PAGE_STATUS, type Page, type PageFile, type PageWidget, type ValidChild } from '../db/pages';
import { runtime } from '../runtime';
import { type Caller, callerOf } from './caller';
import { formFields, parseJson } from './form';
import {
  intParam,
  listAnswer,
  matchQuery,
  PagesError,
  queryOf,
  readable,
  requireReadable,
} from './page-query';
import { errorResponse, restEnvelope } from './respond';
import { mayEditPages } from './rights';

/**
 * CMS pages (protocol §14.1) on the demo database. Reads are open to every caller; writes (save,
 * publish, delete, assign, sort, attachment, and the creation of a work copy) need the asset
 * manager (alice): 403 for anyone else, 404 for unknown ids, 400 for a malformed request.
 * Demo conventions:
 * - `features` of a page names `edit` only for a caller who may edit it (the client reads it);
 * - widget and file lists come 5 rows at a time (`max` changes it): `links.nextResultsToken`, sent
 *   back as `after`, gives the next rows;
 * - the work-copy call creates the work copy of a page that has none (version = the highest of its
 *   path + 1, status 2, its widgets and files copied) for an editor, and answers `'0'` to readers;
 * - publishing (`action=validate`) a work copy (or a page whose work copy it names) makes it live
 *   (status 6, the highest version of its path); the former page keeps `copietravail` pointing at
 *   the new live version, so a reload through `copietravail` lands on it;
 * - the assign-collection call sets a parent's `children` (see `assignCollection`); the templates it
 *   copies are the blocks of the model page (page 8);
 * - the sort call takes the widgets in form order, `clubwedwidget_1` repeated with ids as values
 *   (protocol §14.1, the reference) or keyed `clubwedwidget_<parent id>` (issue 26's reading): each
 *   key's ids are children of one parent, numbered 1..n.
 */

type Answer = Response | undefined;

function answering(resolve: () => Answer | Promise<Answer>): Promise<Answer> {
  return Promise.resolve()
    .then(resolve)
    .catch((error: unknown) => {
      if (error instanceof PagesError) return errorResponse(error.status, error.message);
      throw error;
    });
}

const canEdit = mayEditPages;

function requireEditor(request: Request): void {
  const caller = callerOf(request);
  if (caller.kind !== 'user') throw new PagesError(403, 'You must be signed in to edit pages');
  if (!canEdit(caller)) throw new PagesError(403, 'You may not edit pages');
}

const db = () => runtime.db;

function pageById(id: number): Page {
  const page = db().pages.find((one) => one.id === id);
  if (!page) throw new PagesError(404, `Unknown page ${id}`);
  return page;
}

function widgetById(id: number): PageWidget {
  const widget = db().pageWidgets.find((one) => one.id === id);
  if (!widget) throw new PagesError(404, `Unknown widget ${id}`);
  return widget;
}

function wirePage(page: Page, caller: Caller): Record<string, unknown> {
  return {
    ...page,
    features: canEdit(caller) ? page.features : page.features.filter((feature) => feature !== 'edit'),
  };
}

// --- writes ------------------------------------------------------------------------------------

function pageOfChain(chain: string): Page {
  const id = Number(/^clubwedpagedesc_(\d+)/.exec(chain)?.[1]);
  return pageById(id);
}

function removeWidgetTree(id: number): void {
  const marker = `_clubwedwidget_${id}`;
  const inside = (chain: string): boolean => chain.endsWith(marker) || chain.includes(`${marker}_`);
  const cms = db();
  cms.pageWidgets = cms.pageWidgets.filter((widget) => widget.id !== id && !inside(widget.parent));
  cms.pageFiles = cms.pageFiles.filter((file) => !inside(file.parent));
}

/** Copies a page with its widgets and files (ids renumbered, chains rewritten). */
function createWorkCopy(page: Page): Page {
  const cms = db();
  const id = nextId(cms.pages);
  const version =
    Math.max(...cms.pages.filter((one) => one.path === page.path).map((one) => one.version)) + 1;
  const copy: Page = {
    ...page,
    id,
    version,
    status: { id: PAGE_STATUS.draft },
    copietravail: null,
    modified: new Date().toISOString(),
  };
  cms.pages.push(copy);
  page.copietravail = { id };
  const renamed = new Map<string, string>([[`clubwedpagedesc_${page.id}`, `clubwedpagedesc_${id}`]]);
  const rewrite = (chain: string): string =>
    chain
      .split(/(?=clubwed)/)
      .map((part) => {
        const key = part.replace(/_$/, '');
        const mapped = renamed.get(key);
        return mapped ? part.replace(key, mapped) : part;
      })
      .join('');
  const own = cms.pageWidgets
    .filter(
      (widget) =>
        widget.parent.startsWith(`clubwedpagedesc_${page.id}_`) ||
        widget.parent === `clubwedpagedesc_${page.id}`,
    )
    .sort((a, b) => a.parent.length - b.parent.length);
  for (const widget of own) {
    const newId = nextId(cms.pageWidgets);
    renamed.set(`clubwedwidget_${widget.id}`, `clubwedwidget_${newId}`);
    cms.pageWidgets.push({
      ...widget,
      id: newId,
      parent: rewrite(widget.parent),
      features: [...widget.features],
    });
  }
  const files = cms.pageFiles.filter((file) => file.parent.startsWith(`clubwedpagedesc_${page.id}_`));
  for (const file of files) {
    cms.pageFiles.push({ ...file, id: nextId(cms.pageFiles), parent: rewrite(file.parent) });
  }
  return copy;
}

function publish(id: number): void {
  const cms = db();
  const target = pageById(id);
  const original = cms.pages.find((one) => one.copietravail?.id === id && one.id !== id);
  const promoted = original ? target : target.copietravail ? pageById(target.copietravail.id) : target;
  const highest = Math.max(
    ...cms.pages.filter((one) => one.path === promoted.path && one !== promoted).map((one) => one.version),
    0,
  );
  if (promoted.version <= highest) promoted.version = highest + 1;
  promoted.status = { id: PAGE_STATUS.published };
  promoted.copietravail = null;
  promoted.modified = new Date().toISOString();
}

/** The fields a save may write: those of protocol §14.1, and `slot` (a widget field, §14.1 widget rows). */
const UPDATE_FIELDS = ['value', 'props', 'position', 'enabled', 'name', 'slot'] as const;
type UpdatedFields = Partial<Pick<PageWidget, (typeof UPDATE_FIELDS)[number]>>;

/** The `prop_*` query fields of a save (protocol §14.1), checked before anything changes. */
function updateFields(url: URL): UpdatedFields {
  const fields: UpdatedFields = {};
  for (const key of url.searchParams.keys()) {
    if (!key.startsWith('prop_')) continue;
    const field = key.slice(5);
    if (!(UPDATE_FIELDS as readonly string[]).includes(field))
      throw new PagesError(400, `Unknown field ${field}`);
  }
  const get = (name: string): string | null => url.searchParams.get(`prop_${name}`);
  const value = get('value');
  if (value !== null) {
    if (value === 'undefined') throw new PagesError(400, 'The value must not be the text undefined');
    fields.value = value;
  }
  const props = get('props');
  if (props !== null) {
    const parsed = parseJson(props);
    if (
      !parsed.ok ||
      parsed.value === null ||
      typeof parsed.value !== 'object' ||
      Array.isArray(parsed.value)
    ) {
      throw new PagesError(400, 'prop_props must be a JSON object');
    }
    fields.props = props;
  }
  const position = get('position');
  if (position !== null) fields.position = intParam(position, 'position');
  const enabled = get('enabled');
  if (enabled !== null) {
    if (enabled !== 'true' && enabled !== 'false') throw new PagesError(400, `Invalid enabled: ${enabled}`);
    fields.enabled = enabled === 'true';
  }
  const name = get('name');
  if (name !== null) fields.name = name;
  const slot = get('slot');
  if (slot !== null) {
    if (slot === '') throw new PagesError(400, 'prop_slot must name a slot');
    fields.slot = slot;
  }
  return fields;
}

function isPatch(request: Request): boolean {
  const override = request.headers.get('x-http-method-override')?.toUpperCase();
  return request.method === 'PATCH' || (request.method === 'POST' && override === 'PATCH');
}

async function replaceAttachment(request: Request, id: number): Promise<Response> {
  requireEditor(request);
  const file = db().pageFiles.find((one) => one.id === id);
  if (!file) throw new PagesError(404, `Unknown page file ${id}`);
  const form = await formFields(request);
  const parts = form?.getAll('prop_file') ?? [];
  const blob = parts.find((part): part is File => typeof part !== 'string');
  const name = parts.find((part): part is string => typeof part === 'string');
  if (parts.length !== 2 || !blob || !name) {
    throw new PagesError(400, 'prop_file must be sent twice: the file, then its name');
  }
  const stored: PageFile = { ...file, file: name, modified: new Date().toISOString() };
  Object.assign(file, stored);
  return HttpResponse.json({ response: { updatedId: [id], data: name } });
}

/** The parent an assign-collection call names: its chain and the templates it may hold. */
function collectionParent(object: unknown, id: number): { chain: string; allowed: readonly ValidChild[] } {
  if (object === 'clubwedpagedesc') {
    const page = pageById(id);
    return { chain: `clubwedpagedesc_${page.id}`, allowed: page.validchildren };
  }
  if (object === 'clubwedwidget') {
    const widget = widgetById(id);
    return { chain: `${widget.parent}_clubwedwidget_${widget.id}`, allowed: widget.validchildren };
  }
  throw new PagesError(400, `Unknown form_object ${String(object)}`);
}

/** A copy of a template (or of a block moved here) under `parent`, with a new id. */
function copyWidget(source: PageWidget, parent: string, position: number): number {
  const cms = db();
  const id = nextId(cms.pageWidgets);
  cms.pageWidgets.push({ ...source, id, parent, position, features: [...source.features] });
  return id;
}

/**
 * Assign collection (protocol §14.1) as a real service reads it: the parent's `children` become
 * the `form_value` ids in that order. A child already there stays; another widget (a template of
 * the parent's `validchildren`, or a block of an allowed type moved from elsewhere) is copied in
 * with a new id; a child not named any more is removed. `new_children` is the new list, each copy's
 * id where its source stood, as texts: the form's values echoed (the reference finds the added
 * child by comparing them with the `form_value` texts it sent).
 */
async function assignCollection(request: Request): Promise<Response> {
  requireEditor(request);
  const form = await formFields(request);
  if (!form) throw new PagesError(400, 'A form body is expected');
  const { chain, allowed } = collectionParent(
    form.get('form_object'),
    intParam(form.get('form_id') as string | null, 'form_id'),
  );
  if (form.get('form_field') !== 'children') throw new PagesError(400, 'form_field must be children');
  const ids = form
    .getAll('form_value')
    .map((value) => intParam(typeof value === 'string' ? value : null, 'form_value'));
  const sources = ids.map(widgetById);
  const allowedTypes = new Set(allowed.map((child) => widgetById(child.id).component));
  const refused = sources.find((widget) => widget.parent !== chain && !allowedTypes.has(widget.component));
  if (refused) throw new PagesError(400, `${refused.component} is not a valid child of ${chain}`);
  const kept = new Set(sources.filter((widget) => widget.parent === chain).map((widget) => widget.id));
  for (const child of db().pageWidgets.filter((widget) => widget.parent === chain && !kept.has(widget.id)))
    removeWidgetTree(child.id);
  const children = sources.map((source, index) => {
    if (source.parent !== chain) return copyWidget(source, chain, index + 1);
    source.position = index + 1;
    return source.id;
  });
  return HttpResponse.json({ new_children: children.map(String) });
}

/**
 * The sort's groups of ids, in form order, by key: protocol §14.1 and the reference send
 * `clubwedwidget_1` repeated; issue 26 reads the number as the parent's id. Each value is a widget
 * id, a repeated one kept once.
 */
function sortGroups(form: FormData): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const [key, value] of form.entries()) {
    const group = /^clubwedwidget_(\d+)$/.exec(key)?.[1];
    if (group === undefined) continue;
    if (typeof value !== 'string' || !/^\d+$/.test(value))
      throw new PagesError(400, `Invalid widget id: ${String(value)}`);
    const ids = groups.get(Number(group)) ?? [];
    if (!ids.includes(Number(value))) ids.push(Number(value));
    groups.set(Number(group), ids);
  }
  return groups;
}

/** The id a parent chain ends with: `clubwedpagedesc_6_clubwedwidget_5` → 5. */
const parentIdOf = (chain: string): number => Number(/_(\d+)$/.exec(chain)?.[1]);

async function sortWidgets(request: Request): Promise<Response> {
  requireEditor(request);
  const form = await formFields(request);
  if (!form) throw new PagesError(400, 'A form body is expected');
  if (form.get('form_object') !== 'clubwedwidget')
    throw new PagesError(400, 'form_object must be clubwedwidget');
  if (form.get('sort_field') !== 'position') throw new PagesError(400, 'sort_field must be position');
  const groups = sortGroups(form);
  if (groups.size === 0) throw new PagesError(400, 'No widget to sort');
  const sorted = [...groups].map(([group, ids]) => {
    const widgets = ids.map(widgetById);
    const parent = widgets[0]!.parent;
    if (widgets.some((widget) => widget.parent !== parent))
      throw new PagesError(400, 'The sorted widgets must share one parent');
    // the former form, one key per widget valued with its position, names no parent: refused
    if (group !== 1 && group !== parentIdOf(parent))
      throw new PagesError(400, `clubwedwidget_${group} is neither clubwedwidget_1 nor the widgets' parent`);
    return widgets;
  });
  // checked first, written after: a refused sort changes nothing
  for (const widgets of sorted) {
    widgets.forEach((widget, index) => {
      widget.position = index + 1;
    });
  }
  return HttpResponse.json({ sorted: [...groups.values()].flat() });
}

export const pageHandlers = [
  http.get('*/api/rest/data/page', ({ request }) =>
    answering(() => {
      const caller = callerOf(request);
      const url = new URL(request.url);
      const query = queryOf(url);
      // drafts and work copies are left out for those who may not edit them
      const rows = db()
        .pages.filter(
          (page) => readable(caller, page) && matchQuery(page as unknown as Record<string, unknown>, query),
        )
        .map((page) => wirePage(page, caller));
      return HttpResponse.json(restEnvelope(request, { resource: 'page', data: rows }));
    }),
  ),
  http.get('*/api/rest/data/page/:id', ({ request, params }) =>
    answering(() => {
      const page = pageById(intParam(String(params.id), 'page id'));
      const caller = callerOf(request);
      requireReadable(caller, page);
      return HttpResponse.json(restEnvelope(request, { resource: 'page', data: wirePage(page, caller) }));
    }),
  ),
  http.get('*/api/rest/data/pagewidget', ({ request }) =>
    answering(() => listAnswer(request, callerOf(request), 'pagewidget', db().pageWidgets)),
  ),
  http.get('*/api/rest/data/pagefile', ({ request }) =>
    answering(() => listAnswer(request, callerOf(request), 'pagefile', db().pageFiles)),
  ),
  http.get('*/api/rest/bs/clubwed_getWorkCopy/clubwedpagedesc/:id', ({ request, params }) =>
    answering(() => {
      const page = pageById(intParam(String(params.id), 'page id'));
      requireReadable(callerOf(request), page);
      const isWorkCopy = db().pages.some((one) => one.copietravail?.id === page.id && one.id !== page.id);
      let workCopy = page.copietravail ? page.copietravail.id : 0;
      if (workCopy === 0 && !isWorkCopy && canEdit(callerOf(request))) workCopy = createWorkCopy(page).id;
      return HttpResponse.json(
        restEnvelope(request, { resource: 'clubwedpagedesc', data: String(workCopy) }),
      );
    }),
  ),
  http.all('*/api/json/update/:object/:id', ({ request, params }) => {
    const object = String(params.object);
    if (!['clubwedwidget', 'clubwedpagedesc', 'cwpagefile'].includes(object)) return undefined;
    return answering(() => {
      if (!isPatch(request))
        throw new PagesError(400, 'Expected PATCH (or POST with X-HTTP-Method-Override: PATCH)');
      const id = intParam(String(params.id), `${object} id`);
      if (object === 'cwpagefile') return replaceAttachment(request, id);
      requireEditor(request);
      const fields = updateFields(new URL(request.url));
      if (object === 'clubwedwidget') {
        Object.assign(widgetById(id), fields);
      } else {
        const page = pageById(id);
        if (fields.props !== undefined) page.props = fields.props;
        if (fields.name !== undefined) page.name = fields.name;
        page.modified = new Date().toISOString();
      }
      return HttpResponse.json({ response: { updatedId: [id], data: { id } } });
    });
  }),
  http.all('*/api/json/workflow/data.page.workflow/:id', ({ request, params }) =>
    answering(() => {
      if (!isPatch(request))
        throw new PagesError(400, 'Expected PATCH (or POST with X-HTTP-Method-Override: PATCH)');
      requireEditor(request);
      const action = new URL(request.url).searchParams.get('action');
      if (action !== 'validate') throw new PagesError(400, `Unknown page workflow action ${String(action)}`);
      publish(intParam(String(params.id), 'page id'));
      return HttpResponse.json({ response: { updatedId: [Number(params.id)] } });
    }),
  ),
  http.delete('*/api/json/delete/clubwedwidget/:id', ({ request, params }) =>
    answering(() => {
      requireEditor(request);
      const widget = widgetById(intParam(String(params.id), 'widget id'));
      pageOfChain(widget.parent);
      removeWidgetTree(widget.id);
      return HttpResponse.json({ response: { deletedId: [widget.id] } });
    }),
  ),
  http.post('*/bov3/common/actions/affect_collection.jspz', ({ request }) =>
    answering(() => assignCollection(request)),
  ),
  http.post('*/bov3/datasort/actions/sort.jspz', ({ request }) => answering(() => sortWidgets(request))),
];
