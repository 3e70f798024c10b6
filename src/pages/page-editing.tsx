import { createContext, useContext } from 'react';
import type { Block, BlockChange } from './block-model';

/**
 * What the blocks of a page may ask of the page builder. Readers get `READING`: no tools, and
 * the blocks render as the page's visitors see them.
 */
export interface PageEditing {
  editing: boolean;
  /** a change of the block's text or props, kept (dirty) until "Save" */
  change(block: Block, change: BlockChange): void;
  /** "Edit block": the block's own editor (settings, rich text, addresses) */
  edit(block: Block): void;
  remove(block: Block): void;
  move(block: Block, direction: -1 | 1): void;
  /** "Add block" in the slot of a parent (the page or a container block) */
  add(parent: Block, slot: string): void;
}

const nothing = () => undefined;

export const READING: PageEditing = {
  editing: false,
  change: nothing,
  edit: nothing,
  remove: nothing,
  move: nothing,
  add: nothing,
};

export const PageEditingContext = createContext<PageEditing>(READING);

export const usePageEditing = (): PageEditing => useContext(PageEditingContext);
