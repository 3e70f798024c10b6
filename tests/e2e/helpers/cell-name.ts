import type { Locator } from 'playwright-core';

/**
 * The name a tile of a grid is known by: the label of the group inside its cell (the cell takes
 * its name from it), or the element's own label for other lists.
 */
export async function cellName(cell: Locator): Promise<string> {
  return cell.evaluate(
    (node) =>
      node.getAttribute('aria-label') ??
      node.querySelector(':scope > [role="group"][aria-label]')?.getAttribute('aria-label') ??
      '',
  );
}
