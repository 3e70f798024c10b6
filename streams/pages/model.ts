import { WRITE_HERE } from '../core/write-here';
import type { BlockChanges, FileRecord, PageRecord, WidgetRecord } from './events';

/** Pure helpers of the pages domain (protocol §14.2); views may import them through selectors.ts. */

/**
 * A page without status counts as 2; the default filter is 6 (protocol §14.2, seed 002 §9). Kept
 * here, not in streams/core/config.ts: the page selectors fold with them, and a fold never reads
 * config (ARCHITECTURE.md), so an old log shows the same pages.
 */
export const PAGE_STATUS_DEFAULT = 2;
export const PAGE_STATUS_FILTER = 6;
/** The asset-list block shows 6 items by default (seed 002 §2). */
export const ASSET_LIST_DEFAULT_MAX = 6;

export const PAGE_OBJECT = 'clubwedpagedesc';
export const WIDGET_OBJECT = 'clubwedwidget';
export const FILE_OBJECT = 'cwpagefile';
type ComponentObject = typeof PAGE_OBJECT | typeof WIDGET_OBJECT;

const pageUid = (id: number): string => `${PAGE_OBJECT}_${id}`;
export const widgetUid = (id: number): string => `${WIDGET_OBJECT}_${id}`;

export const unknownPathMessage = (path: string): string => `Unknown page of path ${path}. Cannot fetch it`;

interface ParsedUid {
  object: string;
  id: number;
}

/** `clubwedwidget_5` → {object: 'clubwedwidget', id: 5}; null when it is not `type_id`. */
export function parseUid(uid: string): ParsedUid | null {
  const match = /^([a-z]+)_(\d+)$/.exec(uid);
  return match ? { object: match[1]!, id: Number(match[2]) } : null;
}

/** A `parent` chain split into its `type_id` pairs: `clubwedpagedesc_1_clubwedwidget_5` → 2 pairs. */
export function splitChain(chain: string): ParsedUid[] {
  const parts = chain.split('_');
  const pairs: ParsedUid[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const id = Number(parts[index + 1]);
    if (!Number.isInteger(id)) return [];
    pairs.push({ object: parts[index]!, id });
  }
  return pairs;
}

/** The uid of the direct parent of a chain's owner: the last pair of the chain. */
function lastUid(chain: string): string | null {
  const pairs = splitChain(chain);
  const last = pairs[pairs.length - 1];
  return last ? `${last.object}_${last.id}` : null;
}

export const effectiveStatus = (page: Pick<PageRecord, 'status'>): number =>
  page.status ?? PAGE_STATUS_DEFAULT;

/** Pages of the status, the highest version per path (protocol §14.2), sorted by name then path. */
export function livePages(pages: readonly PageRecord[], status: number = PAGE_STATUS_FILTER): PageRecord[] {
  const byPath = new Map<string, PageRecord>();
  for (const page of pages) {
    if (effectiveStatus(page) !== status) continue;
    const best = byPath.get(page.path);
    if (!best || page.version > best.version) byPath.set(page.path, page);
  }
  return [...byPath.values()].sort((a, b) => a.name.localeCompare(b.name) || a.path.localeCompare(b.path));
}

/** The page a path shows, or null when no page of that status has the path. */
export function pageOfPath(
  pages: readonly PageRecord[],
  path: string,
  status: number = PAGE_STATUS_FILTER,
): PageRecord | null {
  let best: PageRecord | null = null;
  for (const page of pages) {
    if (page.path !== path || effectiveStatus(page) !== status) continue;
    if (!best || page.version > best.version) best = page;
  }
  return best;
}

type ParsedProps = { props: Record<string, unknown>; error: string | null };

/** JSON text → an object; an empty text is `{}`; anything else (broken, not an object) is an error. */
export function parseProps(text: string | null | undefined): ParsedProps {
  if (text === null || text === undefined || text.trim() === '') return { props: {}, error: null };
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { props: parsed as Record<string, unknown>, error: null };
    }
    return { props: {}, error: 'The props of this block are not a JSON object' };
  } catch (thrown) {
    return { props: {}, error: `The props of this block are not valid JSON: ${(thrown as Error).message}` };
  }
}

export interface PageAttachment {
  id: number;
  file: string;
  modified: string | null;
}

export interface PageComponent {
  /** `clubwedwidget_{id}` or `clubwedpagedesc_{id}` */
  uid: string;
  /** the whole chain from the page down to this component */
  componentFullUid: string;
  object: ComponentObject;
  id: number;
  /** the block type (`heading`, `rich-text`, …); the template for the page itself */
  component: string;
  name: string;
  slot: string;
  position: number;
  /** parsed JSON props, plus the attachments keyed by name (their file) */
  props: Record<string, unknown>;
  /** a broken JSON in this block's props: an error on this block only */
  propsError: string | null;
  /** raw server text: rich text is HTML and must be sanitised before rendering */
  value: string | null;
  enabled: boolean;
  features: string[];
  /** the block types it may hold: its templates' components (known in a draft, where they are read) */
  validchildren: string[];
  /** children by slot, each sorted by position */
  children: Record<string, PageComponent[]>;
  attachments: Record<string, PageAttachment>;
  /** edited and not saved yet */
  dirty: boolean;
}

interface TreeSource {
  page: PageRecord;
  widgets: readonly WidgetRecord[];
  files: readonly FileRecord[];
  templates?: readonly WidgetRecord[] | undefined;
  changes?: Readonly<Record<string, BlockChanges>>;
}

/**
 * The component tree of a page (protocol §14.2): widgets nest by the last `type_id` pair of their
 * `parent` chain, attachments become props of their widget keyed by their name, props are parsed
 * JSON (a broken one is an error on its block). Local changes (edit mode) are applied on top.
 * A widget whose parent is not part of the page is left out.
 */
export function buildTree(source: TreeSource): PageComponent {
  const { page, widgets, files, templates = [], changes = {} } = source;
  const rootUid = pageUid(page.id);
  const componentsOf = (ids: readonly number[]): string[] =>
    ids.flatMap((id) => templates.find((template) => template.id === id)?.component ?? []);
  const attachmentsOf = new Map<string, Record<string, PageAttachment>>();
  for (const file of files) {
    const owner = lastUid(file.parent);
    if (!owner) continue;
    const map = attachmentsOf.get(owner) ?? {};
    map[file.name] = { id: file.id, file: file.file, modified: file.modified };
    attachmentsOf.set(owner, map);
  }
  const make = (
    uid: string,
    object: ComponentObject,
    id: number,
    base: {
      component: string;
      name: string;
      slot: string;
      position: number;
      props: string;
      value: string | null;
      enabled: boolean;
      features: string[];
      validchildren: number[];
    },
    fullUid: string,
  ): PageComponent => {
    const change = changes[uid];
    const parsed = parseProps(base.props);
    const attachments = attachmentsOf.get(uid) ?? {};
    const props = change?.props !== undefined ? { ...change.props } : { ...parsed.props };
    for (const [name, attachment] of Object.entries(attachments)) props[name] = attachment.file;
    return {
      uid,
      componentFullUid: fullUid,
      object,
      id,
      component: base.component,
      name: change?.name ?? base.name,
      slot: base.slot,
      position: base.position,
      props,
      propsError: change?.props !== undefined ? null : parsed.error,
      value: change && change.value !== undefined ? change.value : base.value,
      enabled: change?.enabled ?? base.enabled,
      features: base.features,
      validchildren: componentsOf(base.validchildren),
      children: {},
      attachments,
      dirty: change !== undefined,
    };
  };
  const root = make(
    rootUid,
    PAGE_OBJECT,
    page.id,
    {
      component: page.template,
      name: page.name,
      slot: '',
      position: 0,
      props: page.props,
      value: null,
      enabled: true,
      features: page.features,
      validchildren: page.validchildren,
    },
    rootUid,
  );
  const nodes = new Map<string, PageComponent>([[rootUid, root]]);
  for (const widget of widgets) {
    const uid = widgetUid(widget.id);
    nodes.set(uid, make(uid, WIDGET_OBJECT, widget.id, widget, `${widget.parent}_${uid}`));
  }
  for (const widget of widgets) {
    const node = nodes.get(widgetUid(widget.id))!;
    const pairs = splitChain(widget.parent);
    if (pairs[0]?.object !== PAGE_OBJECT || pairs[0].id !== page.id) continue;
    const parentUid = lastUid(widget.parent);
    const parent = parentUid ? nodes.get(parentUid) : undefined;
    if (!parent || parent === node) continue;
    const list = parent.children[node.slot] ?? [];
    list.push(node);
    parent.children[node.slot] = list;
  }
  for (const node of nodes.values()) {
    for (const list of Object.values(node.children))
      list.sort((a, b) => a.position - b.position || a.id - b.id);
  }
  return root;
}

/** Finds a component by uid in a tree, with its parent (null for the root). */
export function findComponent(
  root: PageComponent,
  uid: string,
): { component: PageComponent; parent: PageComponent | null } | null {
  if (root.uid === uid) return { component: root, parent: null };
  const walk = (node: PageComponent): { component: PageComponent; parent: PageComponent } | null => {
    for (const list of Object.values(node.children)) {
      for (const child of list) {
        if (child.uid === uid) return { component: child, parent: node };
        const found = walk(child);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(root);
}

/** The widget ids of a slot after moving `uid` by `offset`; null when it cannot move. */
export function movedOrder(
  widgets: readonly WidgetRecord[],
  uid: string,
  offset: number,
): { parent: string; slot: string; order: number[] } | null {
  const parsed = parseUid(uid);
  const moving = parsed ? widgets.find((widget) => widget.id === parsed.id) : undefined;
  if (!moving) return null;
  const siblings = widgets
    .filter((widget) => widget.parent === moving.parent && widget.slot === moving.slot)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((widget) => widget.id);
  const from = siblings.indexOf(moving.id);
  const to = from + offset;
  if (to < 0 || to >= siblings.length || offset === 0) return null;
  siblings.splice(from, 1);
  siblings.splice(to, 0, moving.id);
  return { parent: moving.parent, slot: moving.slot, order: siblings };
}

/**
 * The widget ids of a slot (`parent` chain and `slot`) once `id` stands at `index` in it (clamped):
 * where an added block goes, or where a block moved from another slot lands.
 */
function placedOrder(
  widgets: readonly WidgetRecord[],
  place: { parent: string; slot: string; index: number },
  id: number,
): number[] {
  const order = widgets
    .filter((widget) => widget.parent === place.parent && widget.slot === place.slot && widget.id !== id)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((widget) => widget.id);
  order.splice(Math.max(0, Math.min(place.index, order.length)), 0, id);
  return order;
}

/**
 * A parent's `children` as the assign-collection call sets them (protocol §14.1, as the reference
 * sends them): those of its other slots as they are, then the slot of `place` with `id` at its index.
 * A child left out would be removed, so every one is named.
 */
export function childrenOrder(
  widgets: readonly WidgetRecord[],
  place: { parent: string; slot: string; index: number },
  id: number,
): number[] {
  const others = widgets
    .filter((widget) => widget.parent === place.parent && widget.slot !== place.slot && widget.id !== id)
    .sort((a, b) => a.slot.localeCompare(b.slot) || a.position - b.position || a.id - b.id)
    .map((widget) => widget.id);
  return [...others, ...placedOrder(widgets, place, id)];
}

/** The template of a block type among those a component may hold (its `validchildren`), if any. */
export function templateOf(
  content: {
    page: PageRecord;
    widgets: readonly WidgetRecord[];
    templates?: readonly WidgetRecord[] | undefined;
  },
  parentUid: string,
  component: string,
): WidgetRecord | undefined {
  const parsed = parseUid(parentUid);
  if (!parsed) return undefined;
  const holder =
    parsed.object === PAGE_OBJECT ? content.page : content.widgets.find((widget) => widget.id === parsed.id);
  return content.templates?.find(
    (template) => template.component === component && holder?.validchildren.includes(template.id),
  );
}

/** The `parent` chain the children of a component carry: the page's uid, or a widget's chain and uid. */
export function chainOf(widgets: readonly WidgetRecord[], uid: string): string | null {
  const parsed = parseUid(uid);
  if (!parsed) return null;
  if (parsed.object === PAGE_OBJECT) return uid;
  const widget = widgets.find((one) => one.id === parsed.id);
  return widget ? `${widget.parent}_${uid}` : null;
}

/** Whether a widget holds other widgets or files (a move to another slot would leave them behind). */
export function holdsParts(
  content: { widgets: readonly WidgetRecord[]; files: readonly FileRecord[] },
  uid: string,
) {
  const owns = (parent: string) => lastUid(parent) === uid;
  return (
    content.widgets.some((widget) => owns(widget.parent)) || content.files.some((file) => owns(file.parent))
  );
}

/** The query fields of a save (protocol §14.1): absent values are omitted, never `undefined`. */
export function saveFields(
  base: { value: string | null; props: string; position: number; enabled: boolean; name: string },
  change: BlockChanges,
): Record<string, string> {
  const fields: Record<string, string> = {};
  const value = change.value !== undefined ? change.value : base.value;
  if (value !== null && value !== undefined && value !== WRITE_HERE) fields.prop_value = value;
  fields.prop_props = change.props !== undefined ? JSON.stringify(change.props) : base.props || '{}';
  fields.prop_position = String(base.position);
  fields.prop_enabled = String(change.enabled ?? base.enabled);
  const name = change.name ?? base.name;
  if (name) fields.prop_name = name;
  return fields;
}
