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
  validchildren: string[];
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
  validchildren: string[];
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

/** components a page or a `columns` widget may hold, besides `hero` and `columns` on a page */
const CONTENT_COMPONENTS = ['rich-text', 'image', 'asset-list', 'downloads'];

interface WidgetSeed {
  component: string;
  name: string;
  slot?: string;
  props?: Record<string, unknown>;
  value?: string;
  enabled?: boolean;
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

function pageSeeds(imageIds: readonly number[]): PageSeed[] {
  const image = (index: number): number => imageIds[index % imageIds.length] ?? 1;
  const homeWidgets = (headline: string): WidgetSeed[] => [
    {
      component: 'hero',
      name: 'Hero',
      props: { title: headline, subtitle: 'Every asset of the brand, in one place', assetId: image(0) },
    },
    {
      component: 'rich-text',
      name: 'Welcome',
      value: '<p>Search, collect and share the assets of the brand.</p>',
    },
    {
      component: 'asset-list',
      name: 'Latest assets',
      props: { title: 'Latest assets', max: 6, orderby: 'created desc', query: { activated: true } },
    },
    {
      component: 'columns',
      name: 'Two columns',
      children: [
        {
          component: 'rich-text',
          name: 'Left',
          slot: 'left',
          value: '<h2>Carts</h2><p>Collect assets and share them.</p>',
        },
        { component: 'image', name: 'Right', slot: 'right', props: { assetId: image(1) } },
      ],
    },
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
      widgets: [{ component: 'rich-text', name: 'Intro', value: '<p>Version 1 of the guidelines.</p>' }],
    },
    {
      name: 'Brand guidelines',
      path: 'brand-guidelines',
      template: 'standard',
      version: 2,
      status: PAGE_STATUS.published,
      widgets: [
        { component: 'rich-text', name: 'Intro', value: '<p>Version 2 of the guidelines.</p>' },
        { component: 'downloads', name: 'Downloads', props: { title: 'Download the guidelines' } },
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
      name: 'Campaign 2026',
      path: 'campaign-2026',
      template: 'landing',
      status: PAGE_STATUS.draft,
      widgets: [{ component: 'hero', name: 'Hero', props: { title: 'Spring 2026', assetId: image(3) } }],
    },
    {
      name: 'Landing model',
      path: 'model-landing',
      template: 'landing',
      status: PAGE_STATUS.published,
      ismodel: true,
      widgets: [],
    },
    { name: 'Help', path: 'help', template: 'standard', status: null, widgets: [] },
  ];
}

/**
 * Pages 1..8: home (1) with its work copy (5), about (2), two versions of the brand guidelines
 * (3, 4: version 2 wins), a draft (6), a model (7) and a page without status (8).
 */
export function createCmsContent(assets: readonly Asset[]): CmsContent {
  const imageIds = assets
    .filter((asset) => asset.assetnature.code === 'image')
    .slice(0, 4)
    .map((asset) => asset.id);
  const pageWidgets: PageWidget[] = [];
  const pageFiles: PageFile[] = [];

  const addWidgets = (parent: string, seeds: WidgetSeed[]): void => {
    seeds.forEach((seed, index) => {
      const id = pageWidgets.length + 1;
      pageWidgets.push({
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
        validchildren: seed.component === 'columns' ? CONTENT_COMPONENTS : [],
      });
      const chain = `${parent}_clubwedwidget_${id}`;
      if (seed.component === 'downloads') {
        pageFiles.push({
          id: pageFiles.length + 1,
          parent: chain,
          name: 'file',
          file: 'brand-guidelines-2026.pdf',
          modified: isoDaysBefore(12),
        });
      }
      addWidgets(chain, seed.children ?? []);
    });
  };

  const seeds = pageSeeds(imageIds);
  const pages = seeds.map((seed, index): Page => {
    const id = index + 1;
    addWidgets(`clubwedpagedesc_${id}`, seed.widgets);
    const workCopy = seeds.findIndex((other) => other.workCopyOf === id);
    return {
      id,
      name: seed.name,
      template: seed.template,
      path: seed.path,
      props: JSON.stringify({ title: seed.name }),
      features: seed.ismodel ? [] : ['edit'],
      validchildren: ['hero', 'columns', ...CONTENT_COMPONENTS],
      version: seed.version ?? 1,
      status: seed.status === null ? null : { id: seed.status },
      copietravail: workCopy >= 0 ? { id: workCopy + 1 } : null,
      ismodel: seed.ismodel ?? false,
      modified: isoDaysBefore(30 - index * 3),
    };
  });
  return { pages, pageWidgets, pageFiles };
}
