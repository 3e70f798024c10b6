import { ASSET_NATURES, type AssetNatureCode } from './assets';
import { DAY_MS, REF_MS } from './random';
import type { Category } from './tree';
import { USER_IDS } from './users';

/** What a saved search replays: the list's settings at the time it was saved (protocol §17.1). */
export interface SavedSearchData {
  path: string;
  cursorName: string;
  context: string;
  excludedPaths: string[];
  /** fulltext tokens as the client keeps them, `(word)` */
  fulltextTokens: string[];
  userConstraints: Record<string, unknown>;
  staticConstraints: Record<string, unknown>;
  customParams: Record<string, string>;
  /** the resolved REST query */
  query: Record<string, unknown>;
  fulltextMode?: 'should' | 'must';
}

export interface SavedSearch {
  id: number;
  name: string;
  description: string;
  owner: { id: number };
  /** includes the owner; another id means the search is shared */
  subscribers: { id: number }[];
  isPrivate: boolean;
  /** epoch ms */
  created: number;
  data: SavedSearchData;
}

const ACTIVATED = { activated: true };

interface SearchSeed {
  name: string;
  description?: string;
  owner: number;
  sharedWith?: number[];
  isPrivate?: boolean;
  fulltext?: string[];
  /** constraint key -> constraint, built from seeded names */
  constraints?: (ids: SeedIds) => Record<string, Record<string, unknown>>;
}

interface SeedIds {
  nature(code: AssetNatureCode): number;
  category(name: string): number;
}

const { alice, bob, carol } = USER_IDS;

const SEARCH_SEEDS: SearchSeed[] = [
  {
    name: 'Videos',
    owner: alice,
    constraints: (ids) => ({ assetnature: { assetnature: { dof: [ids.nature('video')] } } }),
  },
  {
    name: 'Coffee pictures',
    description: 'For the café menu',
    owner: alice,
    sharedWith: [bob],
    isPrivate: false,
    fulltext: ['coffee'],
    constraints: (ids) => ({ assetnature: { assetnature: { dof: [ids.nature('image')] } } }),
  },
  { name: 'Mountains', owner: alice, fulltext: ['mountain', 'lake'] },
  {
    name: 'Brand documents',
    owner: alice,
    sharedWith: [bob, carol],
    isPrivate: false,
    constraints: (ids) => ({
      categories: { categories: { descendantof: [ids.category('Brand')] } },
      assetnature: { assetnature: { dof: [ids.nature('document')] } },
    }),
  },
  {
    name: 'Rights ending soon',
    owner: alice,
    constraints: () => ({ dteendrights: { dteendrights: { lt: '2026-03-01' } } }),
  },
  { name: 'Portraits', owner: bob, fulltext: ['portrait'] },
  {
    name: 'Tokyo and Paris',
    owner: bob,
    sharedWith: [alice],
    isPrivate: false,
    constraints: (ids) => ({
      categories: { categories: { in: [ids.category('Paris'), ids.category('Tokyo')] } },
    }),
  },
  { name: 'Partner visuals', owner: carol, sharedWith: [alice], isPrivate: false, fulltext: ['campaign'] },
];

function toQuery(constraints: Record<string, unknown>[]): Record<string, unknown> {
  const all = [...constraints, ACTIVATED];
  return all.length === 1 ? ACTIVATED : { and: all };
}

export function createSavedSearches(categories: readonly Category[]): SavedSearch[] {
  const ids: SeedIds = {
    nature: (code) => ASSET_NATURES.find((nature) => nature.code === code)?.id ?? 0,
    category: (name) => categories.find((category) => category.name === name)?.id ?? 0,
  };
  return SEARCH_SEEDS.map((seed, index) => {
    const constraints = seed.constraints?.(ids) ?? {};
    return {
      id: index + 1,
      name: seed.name,
      description: seed.description ?? '',
      owner: { id: seed.owner },
      subscribers: [seed.owner, ...(seed.sharedWith ?? [])].map((id) => ({ id })),
      isPrivate: seed.isPrivate ?? true,
      created: REF_MS - (index * 11 + 3) * DAY_MS,
      data: {
        path: 'dam/data/asset',
        cursorName: 'main',
        context: '',
        excludedPaths: [],
        fulltextTokens: (seed.fulltext ?? []).map((word) => `(${word})`),
        userConstraints: constraints,
        staticConstraints: { activated: ACTIVATED },
        customParams: {},
        query: toQuery(Object.values(constraints)),
        fulltextMode: 'must',
      },
    };
  });
}
