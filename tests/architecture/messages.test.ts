import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/messages-en';
import { importsOf, readSources, type Sources } from './import-graph';

const sources = readSources(process.cwd(), ['src']);

/** The feature catalogues that join when their code loads: module path → its English keys. */
async function lazyCatalogues(all: Sources): Promise<Map<string, Set<string>>> {
  const catalogues = new Map<string, Set<string>>();
  for (const [path, text] of all) {
    if (!path.endsWith('/messages.ts') || !text.includes('addMessages(')) continue;
    const module = (await import(`../../${path}`)) as Record<string, unknown>;
    const english = Object.entries(module).find(([name]) => name.endsWith('MessagesEn'))?.[1];
    catalogues.set(path, new Set(Object.keys(english as Record<string, string>)));
  }
  return catalogues;
}

/**
 * A view that translates a key of a feature whose messages load with its code must import that
 * feature's `messages.ts`, or its text would show as the key on a screen that did not load it.
 */
async function missingCatalogues(all: Sources): Promise<string[]> {
  const catalogues = await lazyCatalogues(all);
  const imported = new Map<string, Set<string>>();
  for (const { from, to } of importsOf(all)) imported.set(from, new Set([...(imported.get(from) ?? []), to]));
  const problems: string[] = [];
  for (const [path, text] of all) {
    for (const [, key] of text.matchAll(/\bt\(\s*'([\w.-]+)'/g)) {
      if (key! in en) continue;
      const owner = [...catalogues].find(([, keys]) => keys.has(key!))?.[0];
      if (!owner) problems.push(`${path}: no catalogue has "${key}"`);
      else if (owner !== path && !imported.get(path)?.has(owner)) {
        problems.push(`${path} translates "${key}" without importing ${owner}`);
      }
    }
  }
  return [...new Set(problems)];
}

describe('messages load with the code that shows them', () => {
  it('every view imports the catalogue of the keys it translates', async () => {
    expect(await missingCatalogues(sources)).toEqual([]);
  });

  it('a planted view that forgets its catalogue fails', async () => {
    const planted = new Map(sources);
    planted.set('src/carts/planted.tsx', "export const P = () => t('carts.title');");
    expect(await missingCatalogues(planted)).toEqual([
      'src/carts/planted.tsx translates "carts.title" without importing src/carts/messages.ts',
    ]);
  });
});
