import { CATEGORY_OUTLINE, GENERIC_KEYWORDS, type ThemeOutline } from './vocabulary';

/** A node of the category tree (resource `category`, path `dam/data/category`). */
export interface Category {
  id: number;
  name: string;
  /** id of the parent node, `null` for a root */
  parent: number | null;
  /** 0 for a root, 2 for a leaf */
  depth: number;
  /** rank among its siblings, from 1 */
  position: number;
  activated: boolean;
}

/** A keyword (resource `keyword`, path `dam/data/keyword`); assets refer to keywords by id. */
export interface Keyword {
  id: number;
  name: string;
}

/** A theme of the outline with the ids the seed gave to its node, leaves and keywords. */
export interface Theme {
  outline: ThemeOutline;
  nodeId: number;
  leafIds: number[];
  keywordIds: number[];
}

export interface Taxonomy {
  categories: Category[];
  keywords: Keyword[];
  themes: Theme[];
  genericKeywordIds: number[];
}

/** Builds the tree and the keywords from the outline: 4 roots, 12 themes, 48 leaves (ids 1..64). */
export function createTaxonomy(): Taxonomy {
  const categories: Category[] = [];
  const keywords: Keyword[] = [];
  const keywordId = (name: string): number => {
    const known = keywords.find((keyword) => keyword.name === name);
    if (known) return known.id;
    keywords.push({ id: keywords.length + 1, name });
    return keywords.length;
  };
  const addNode = (name: string, parent: number | null, depth: number, position: number): number => {
    categories.push({ id: categories.length + 1, name, parent, depth, position, activated: true });
    return categories.length;
  };

  // breadth first, so roots get the smallest ids and leaves the largest, as a browsed tree reads
  const rootIds = CATEGORY_OUTLINE.map((root, index) => addNode(root.name, null, 0, index + 1));
  const themeNodes = CATEGORY_OUTLINE.flatMap((root, rootIndex) =>
    root.themes.map((outline, index) => ({
      outline,
      nodeId: addNode(outline.name, rootIds[rootIndex] ?? null, 1, index + 1),
    })),
  );
  const themes = themeNodes.map(({ outline, nodeId }) => ({
    outline,
    nodeId,
    leafIds: outline.leaves.map((leaf, index) => addNode(leaf, nodeId, 2, index + 1)),
    keywordIds: outline.keywords.map(keywordId),
  }));
  const genericKeywordIds = GENERIC_KEYWORDS.map(keywordId);
  return { categories, keywords, themes, genericKeywordIds };
}
