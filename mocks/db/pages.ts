import type { Asset } from './assets';
import { isoDaysBefore } from './random';

/** Page statuses: the default page filter is 6; a page without status counts as 2 (protocol §14.2). */
export const PAGE_STATUS = { draft: 2, published: 6 } as const;

/** A CMS page (`clubwedpagedesc`, path `data/page`). Several versions may share one `path`. */
export interface Page {
  id: number;
  name: string;
  template: string;
  path: string;
  /** JSON text */
  props: string;
  features: string[];
  /** the templates a page may hold, as the reference reads them: the ids of widgets of the model page */
  validchildren: ValidChild[];
  version: number;
  status: { id: number } | null;
  /** the work copy being edited, when there is one */
  copietravail: { id: number } | null;
  ismodel: boolean;
  modified: string;
}

/** A widget of a page (`clubwedwidget`, path `data/pagewidget`). */
export interface PageWidget {
  id: number;
  /** the chain from the page down, e.g. `clubwedpagedesc_1_clubwedwidget_4` */
  parent: string;
  /** JSON text */
  props: string;
  value: string | null;
  position: number;
  enabled: boolean;
  name: string;
  component: string;
  slot: string;
  features: string[];
  validchildren: ValidChild[];
}

/** A template a page or widget may hold: a widget of the model page, named (a relation on the wire). */
export interface ValidChild {
  id: number;
  name: string;
}

/** A file attached to a widget (`cwpagefile`, path `data/pagefile`); it becomes the widget prop `name`. */
export interface PageFile {
  id: number;
  parent: string;
  name: string;
  file: string;
  modified: string;
}

export interface CmsContent {
  pages: Page[];
  pageWidgets: PageWidget[];
  pageFiles: PageFile[];
}

/**
 * The block types of the demo (issue 16): every page may hold them all; a `columns` widget holds
 * the content blocks in its slots `left` and `right` (its props name them: `{"slots":["left","right"]}`).
 * Props by type (JSON text on the wire):
 * - `heading`: `{level: 1|2|3}`, the text in `value`;
 * - `rich-text`: `{}`, the HTML in `value` (sanitise before rendering);
 * - `image`: `{assetId, alt?, variation?}`;
 * - `asset-list`: `{title?, max (default 6), query?, orderby?}` (its settings, edited as JSON text);
 * - `columns`: `{slots: ["left", "right"]}`;
 * - `call-to-action`: `{label, href?}`, with the attachment `file` (a `cwpagefile`) as its download;
 * - `asset-player`: `{assetId, player?: "bo.player", height?}` (an embedded asset player).
 * `legacy-carousel` is an unknown type a portal does not render (its editors see a placeholder).
 */
export const BLOCK_TYPES = [
  'heading',
  'rich-text',
  'image',
  'asset-list',
  'columns',
  'call-to-action',
  'asset-player',
] as const;
export const CONTENT_COMPONENTS: readonly string[] = BLOCK_TYPES.filter((type) => type !== 'columns');
export const UNKNOWN_COMPONENT = 'legacy-carousel';

/** What a new block of a type holds (the assign-collection call creates it). */
export function defaultBlock(component: string): {
  name: string;
  props: Record<string, unknown>;
  value: string | null;
} {
  switch (component) {
    case 'heading':
      return { name: 'Heading', props: { level: 2 }, value: null };
    case 'rich-text':
      return { name: 'Text', props: {}, value: null };
    case 'image':
      return { name: 'Image', props: {}, value: null };
    case 'asset-list':
      return {
        name: 'Asset list',
        props: { max: 6, query: { activated: true }, orderby: 'created desc' },
        value: null,
      };
    case 'columns':
      return { name: 'Columns', props: { slots: ['left', 'right'] }, value: null };
    case 'call-to-action':
      return { name: 'Call to action', props: { label: 'Read more' }, value: null };
    case 'asset-player':
      return { name: 'Asset player', props: { player: 'bo.player' }, value: null };
    default:
      return { name: component, props: {}, value: null };
  }
}

/** The model page whose blocks are the templates the others add (one of each type). */
const MODEL_PAGE_ID = 8;

/** The blocks of the model page: one template of each type, as a new block starts. */
const templateSeeds = (): WidgetSeed[] =>
  BLOCK_TYPES.map((component) => {
    const block = defaultBlock(component);
    return {
      component,
      name: block.name,
      props: block.props,
      ...(block.value !== null && { value: block.value }),
    };
  });

/**
 * The templates each page and widget may hold: a page every type, a `columns` widget the content
 * types, another widget none (its `validchildren` are relations to the model page's blocks).
 */
function linkValidChildren(content: CmsContent): void {
  const templates = content.pageWidgets.filter(
    (widget) => widget.parent === `clubwedpagedesc_${MODEL_PAGE_ID}`,
  );
  const refs = (components: readonly string[]): ValidChild[] =>
    templates
      .filter((widget) => components.includes(widget.component))
      .map((widget) => ({ id: widget.id, name: widget.name }));
  for (const page of content.pages) page.validchildren = refs(BLOCK_TYPES);
  for (const widget of content.pageWidgets)
    widget.validchildren = widget.component === 'columns' ? refs(CONTENT_COMPONENTS) : [];
}

interface WidgetSeed {
  component: string;
  name: string;
  slot?: string;
  props?: Record<string, unknown>;
  value?: string;
  enabled?: boolean;
  /** an attachment (`cwpagefile`) of the widget: its prop name and file */
  file?: { name: string; file: string };
  children?: WidgetSeed[];
}

interface PageSeed {
  name: string;
  path: string;
  template: string;
  version?: number;
  status: number | null;
  ismodel?: boolean;
  workCopyOf?: number;
  widgets: WidgetSeed[];
}

function pageSeeds(imageIds: readonly number[], videoIds: readonly number[]): PageSeed[] {
  const image = (index: number): number => imageIds[index % imageIds.length] ?? 1;
  const video = (index: number): number => videoIds[index % videoIds.length] ?? image(index);
  const homeWidgets = (headline: string): WidgetSeed[] => [
    { component: 'heading', name: 'Title', props: { level: 1 }, value: headline },
    {
      component: 'rich-text',
      name: 'Welcome',
      value: '<p>Search, collect and <strong>share</strong> the assets of the brand.</p>',
    },
    { component: 'image', name: 'Banner', props: { assetId: image(0), alt: 'The brand at work' } },
    {
      component: 'asset-list',
      name: 'Latest assets',
      props: { title: 'Latest assets', max: 6, orderby: 'created desc', query: { activated: true } },
    },
    {
      component: 'columns',
      name: 'Two columns',
      props: { slots: ['left', 'right'] },
      children: [
        {
          component: 'rich-text',
          name: 'Left',
          slot: 'left',
          value: '<h2>Carts</h2><p>Collect assets and share them.</p>',
        },
        { component: 'image', name: 'Right', slot: 'right', props: { assetId: image(1) } },
        {
          component: 'call-to-action',
          name: 'Guidelines link',
          slot: 'right',
          props: { label: 'Read the brand guidelines', href: '/pages/brand-guidelines' },
        },
      ],
    },
    { component: 'asset-player', name: 'Brand film', props: { assetId: video(0), player: 'bo.player' } },
    { component: UNKNOWN_COMPONENT, name: 'Old carousel', props: { speed: 3 } },
  ];
  return [
    {
      name: 'Home',
      path: 'home',
      template: 'landing',
      status: PAGE_STATUS.published,
      widgets: homeWidgets('Welcome to the Wedia demo'),
    },
    {
      name: 'About us',
      path: 'about',
      template: 'standard',
      status: PAGE_STATUS.published,
      widgets: [
        { component: 'heading', name: 'Title', props: { level: 1 }, value: 'About us' },
        {
          component: 'rich-text',
          name: 'Story',
          value: '<p>We make outdoor gear, furniture and coffee.</p>',
        },
        { component: 'image', name: 'Team picture', props: { assetId: image(2) } },
        { component: 'rich-text', name: 'Hidden note', value: '<p>Not shown</p>', enabled: false },
      ],
    },
    {
      name: 'Brand guidelines',
      path: 'brand-guidelines',
      template: 'standard',
      version: 1,
      status: PAGE_STATUS.published,
      widgets: [
        { component: 'heading', name: 'Title', props: { level: 1 }, value: 'Brand guidelines' },
        { component: 'rich-text', name: 'Intro', value: '<p>Version 1 of the guidelines.</p>' },
      ],
    },
    {
      name: 'Brand guidelines',
      path: 'brand-guidelines',
      template: 'standard',
      version: 2,
      status: PAGE_STATUS.published,
      widgets: [
        { component: 'heading', name: 'Title', props: { level: 1 }, value: 'Brand guidelines' },
        { component: 'rich-text', name: 'Intro', value: '<p>Version 2 of the guidelines.</p>' },
        {
          component: 'columns',
          name: 'Logo and colours',
          props: { slots: ['left', 'right'] },
          children: [
            { component: 'heading', name: 'Logo', slot: 'left', props: { level: 2 }, value: 'The logo' },
            { component: 'image', name: 'Logo picture', slot: 'left', props: { assetId: image(2) } },
            {
              component: 'rich-text',
              name: 'Colours',
              slot: 'right',
              value: '<h3>Colours</h3><ul><li>Night blue</li><li>Sand</li></ul>',
            },
          ],
        },
        {
          component: 'call-to-action',
          name: 'Download',
          props: { label: 'Download the guidelines' },
          file: { name: 'file', file: 'brand-guidelines-2026.pdf' },
        },
      ],
    },
    {
      name: 'Home',
      path: 'home',
      template: 'landing',
      version: 2,
      status: PAGE_STATUS.draft,
      workCopyOf: 1,
      widgets: homeWidgets('Welcome to the new Wedia demo'),
    },
    {
      name: 'Campaign landing',
      path: 'campaign-landing',
      template: 'landing',
      status: PAGE_STATUS.published,
      widgets: [
        { component: 'heading', name: 'Title', props: { level: 1 }, value: 'Spring 2026' },
        { component: 'image', name: 'Key visual', props: { assetId: image(3), variation: 'thumbnailBig' } },
        {
          component: 'asset-list',
          name: 'Campaign assets',
          props: { title: 'Campaign assets', max: 6, query: { activated: true }, orderby: 'modified desc' },
        },
        { component: 'asset-player', name: 'Teaser', props: { assetId: video(1), player: 'bo.player' } },
        {
          component: 'call-to-action',
          name: 'Press kit',
          props: { label: 'Download the press kit' },
          file: { name: 'file', file: 'press-kit-spring-2026.zip' },
        },
      ],
    },
    {
      name: 'Campaign 2027',
      path: 'campaign-2027',
      template: 'landing',
      status: PAGE_STATUS.draft,
      widgets: [{ component: 'heading', name: 'Title', props: { level: 1 }, value: 'Spring 2027' }],
    },
    {
      name: 'Landing model',
      path: 'model-landing',
      template: 'landing',
      status: PAGE_STATUS.published,
      ismodel: true,
      widgets: templateSeeds(),
    },
    { name: 'Help', path: 'help', template: 'standard', status: null, widgets: [] },
  ];
}

/** Writes a widget seed (and its children) under `parent`, numbering from the next free ids. */
function addWidgets(
  content: CmsContent,
  parent: string,
  seeds: readonly WidgetSeed[],
  modified: string,
): void {
  seeds.forEach((seed, index) => {
    const id = nextId(content.pageWidgets);
    content.pageWidgets.push({
      id,
      parent,
      props: JSON.stringify(seed.props ?? {}),
      value: seed.value ?? null,
      position: index + 1,
      enabled: seed.enabled ?? true,
      name: seed.name,
      component: seed.component,
      slot: seed.slot ?? 'main',
      features: [],
      validchildren: [],
    });
    const chain = `${parent}_clubwedwidget_${id}`;
    if (seed.file) {
      content.pageFiles.push({
        id: nextId(content.pageFiles),
        parent: chain,
        name: seed.file.name,
        file: seed.file.file,
        modified,
      });
    }
    addWidgets(content, chain, seed.children ?? [], modified);
  });
}

export const nextId = (rows: readonly { id: number }[]): number =>
  rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;

/**
 * Pages 1..9: home (1, live) with its work copy (5, version 2, status 2), about (2), two live
 * versions of the brand guidelines (3, 4: version 2 wins), the campaign landing (6), a draft
 * campaign (7), a model (8) and a page without status (9, counts as 2). Every block type is used,
 * nested in `columns`, plus one unknown type (`legacy-carousel`) on the home page. The model page's
 * blocks are the templates the other pages add (their `validchildren`).
 */
export function createCmsContent(assets: readonly Asset[]): CmsContent {
  // the first 4 images and 2 videos: stops early, the database may hold 100,000 assets
  const imageIds: number[] = [];
  const videoIds: number[] = [];
  for (const asset of assets) {
    if (asset.assetnature.code === 'image' && imageIds.length < 4) imageIds.push(asset.id);
    if (asset.assetnature.code === 'video' && videoIds.length < 2) videoIds.push(asset.id);
    if (imageIds.length === 4 && videoIds.length === 2) break;
  }
  const content: CmsContent = { pages: [], pageWidgets: [], pageFiles: [] };
  const seeds = pageSeeds(imageIds, videoIds);
  seeds.forEach((seed, index) => {
    const id = index + 1;
    const modified = isoDaysBefore(30 - index * 3);
    addWidgets(content, `clubwedpagedesc_${id}`, seed.widgets, modified);
    const workCopy = seeds.findIndex((other) => other.workCopyOf === id);
    content.pages.push({
      id,
      name: seed.name,
      template: seed.template,
      path: seed.path,
      props: JSON.stringify({ title: seed.name }),
      features: seed.ismodel ? [] : ['edit'],
      validchildren: [],
      version: seed.version ?? 1,
      status: seed.status === null ? null : { id: seed.status },
      copietravail: workCopy >= 0 ? { id: workCopy + 1 } : null,
      ismodel: seed.ismodel ?? false,
      modified,
    });
  });
  linkValidChildren(content);
  return content;
}
