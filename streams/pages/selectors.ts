import type { PagesState } from './state';

export type WithPages = { pages: PagesState };
