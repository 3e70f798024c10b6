import type { Db } from '../db/index';
import { type Collection, type Collections, collectionsOf } from './collections';
import { CollectionIndex } from './indexes';

interface Entry {
  rows: readonly unknown[];
  length: number;
  version: number;
  index: CollectionIndex;
}

/**
 * The indexes of one database, built on first use and rebuilt when a collection's array is
 * replaced, grows or shrinks, or when `invalidateSearchIndex` is called (after editing rows in place).
 */
export class SearchRegistry {
  readonly collections: Collections;
  private readonly entries = new Map<string, Entry>();
  private version = 0;

  constructor(db: Db) {
    this.collections = collectionsOf(db);
  }

  index(collection: Collection): CollectionIndex {
    const rows = collection.rows();
    const known = this.entries.get(collection.path);
    if (known && known.rows === rows && known.length === rows.length && known.version === this.version) {
      return known.index;
    }
    const index = new CollectionIndex(collection, (path) => {
      const related = this.collections.get(path);
      return related && this.index(related);
    });
    this.entries.set(collection.path, { rows, length: rows.length, version: this.version, index });
    return index;
  }

  /**
   * Every index, or only the index of `path` and of the collections relating to it (an asset's
   * fulltext holds its keywords' and categories' names): the others are kept.
   */
  invalidate(path?: string): void {
    if (path === undefined) {
      this.version++;
      return;
    }
    for (const collection of this.collections.values()) {
      const relates = [...collection.fields.values()].some((field) => field.relation === path);
      if (collection.path === path || relates) this.entries.delete(collection.path);
    }
  }
}

const registries = new WeakMap<Db, SearchRegistry>();

export function registryOf(db: Db): SearchRegistry {
  let registry = registries.get(db);
  if (!registry) {
    registry = new SearchRegistry(db);
    registries.set(db, registry);
  }
  return registry;
}

/** For handlers that edit searchable rows in place (names, keywords…): the next search sees the change. */
export function invalidateSearchIndex(db: Db, path?: string): void {
  registryOf(db).invalidate(path);
}
