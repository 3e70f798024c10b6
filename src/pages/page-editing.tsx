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
  /** a move within its slot by `offset` places (negative: up) */
  move(block: Block, offset: number): void;
  /** a move to the slot of a parent (the page or a container block), at `index` there */
  transfer(block: Block, parent: Block, slot: string, index: number): void;
  /** "Add block" in the slot of a parent, at `index` (an insertion point) or at the end */
  add(parent: Block, slot: string, index?: number): void;
  /** a new file for the block's attachment `name`, in place */
  replaceFile(block: Block, name: string, file: File): void;
}

const nothing = () => undefined;

export const READING: PageEditing = {
  editing: false,
  change: nothing,
  edit: nothing,
  remove: nothing,
  move: nothing,
  transfer: nothing,
  add: nothing,
  replaceFile: nothing,
};

export const PageEditingContext = createContext<PageEditing>(READING);

export const usePageEditing = (): PageEditing => useContext(PageEditingContext);
