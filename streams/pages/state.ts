/** The pages slice: CMS pages, their component trees, edit mode and publishing (protocol §14). */
export interface PagesState {
  byKey: Record<string, never>;
}

export const initialPagesState: PagesState = { byKey: {} };
