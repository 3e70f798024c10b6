import { Route, Router, Switch } from 'wouter';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import { PageScreen } from '../../../src/pages/page-screen';
import { PagesIndex } from '../../../src/pages/pages-index';
import type { UnstampedEvent } from '../../../streams/core/event';
import {
  draftLoaded,
  editModeEntered,
  type PageRecord,
  pageLoaded,
  type WidgetRecord,
  workCopyLoaded,
} from '../../../streams/pages/events';
import { navigated } from '../../../streams/router/events';
import { renderWithStore } from '../../helpers/render';

/** The templates of the model page (8) the editor offers, by block type (their widget ids). */
const TEMPLATE = { heading: 101, 'rich-text': 102, image: 103, 'asset-list': 104, columns: 105 } as const;

/** The templates' widgets, as a draft reads them. */
export const templates = (): WidgetRecord[] =>
  Object.entries(TEMPLATE).map(([component, id]) => ({
    id,
    parent: 'clubwedpagedesc_8',
    props: '{}',
    value: null,
    position: id - 100,
    enabled: true,
    name: component,
    component,
    slot: 'main',
    features: [],
    validchildren: [],
  }));

/** The page `home` and its blocks, as the page screen's view tests load them. */
export const page = (extra: Partial<PageRecord> = {}): PageRecord => ({
  id: 1,
  name: 'Home',
  template: 'landing',
  path: 'home',
  props: JSON.stringify({ title: 'Welcome home' }),
  features: ['edit'],
  validchildren: [TEMPLATE.heading, TEMPLATE['rich-text'], TEMPLATE['asset-list'], TEMPLATE.columns],
  version: 1,
  status: 6,
  copietravail: null,
  ...extra,
});

let nextId = 1;
export const widget = (component: string, extra: Partial<WidgetRecord> = {}): WidgetRecord => {
  const id = nextId++;
  return {
    id,
    parent: 'clubwedpagedesc_1',
    props: '{}',
    value: null,
    position: id,
    enabled: true,
    name: `${component} ${id}`,
    component,
    slot: 'main',
    features: [],
    validchildren: [],
    ...extra,
  };
};

export function everyBlock(): WidgetRecord[] {
  nextId = 1;
  return [
    widget('heading', { value: 'Our brand', props: '{"level":2}' }),
    widget('rich-text', {
      value: '<p>Hello <strong>world</strong>, <a href="/search?q=lake">search lakes</a></p>',
    }),
    widget('image', { props: '{"assetId":12,"alt":"A lake"}' }),
    widget('asset-list', { name: 'Latest', props: '{"title":"Latest assets"}' }),
    widget('columns', { validchildren: [TEMPLATE['rich-text'], TEMPLATE.image] }),
    widget('rich-text', {
      parent: 'clubwedpagedesc_1_clubwedwidget_5',
      slot: 'left',
      value: '<p>Left column</p>',
    }),
    widget('call-to-action', { value: 'Search the library', props: '{"href":"/search"}' }),
    widget('player', { props: '{"assetId":30}' }),
    widget('carousel-3d', { name: 'Fancy' }),
    widget('rich-text', { value: '<p>Hidden note</p>', enabled: false }),
    widget('heading', { name: 'Empty title', value: '' }),
    widget('rich-text', { name: 'Broken', props: '{"oops"' }),
  ];
}

export const loadedHome = (widgets = everyBlock(), extra: Partial<PageRecord> = {}) =>
  pageLoaded({ path: 'home', page: page(extra), widgets, files: [] });

export const inEditMode = (widgets = everyBlock()): UnstampedEvent[] => [
  loadedHome(widgets),
  editModeEntered({ path: 'home' }),
  workCopyLoaded({ path: 'home', pageId: 1, workCopyId: 0 }),
  draftLoaded({ path: 'home', page: page(), widgets, files: [], templates: templates() }),
];

export function openPage(path: string, events: UnstampedEvent[] = []) {
  return renderWithStore(
    <Router hook={useStoreLocation} searchHook={useStoreSearch}>
      <Switch>
        <Route path="/pages" component={PagesIndex} />
        <Route path="/pages/*" component={PageScreen} />
      </Switch>
    </Router>,
    [navigated({ path, search: '', via: 'link' }), ...events],
  );
}

export const types = (dispatched: { type: string }[]) => dispatched.map((event) => event.type);
