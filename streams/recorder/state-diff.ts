import type { Patch } from 'immer';

/** A diff longer than this is cut: the devtools show it, nobody reads thousands of lines. */
const MAX_PATCHES = 200;

function isContainer(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The difference between two states as immer patches (op, path, value). States share every
 * untouched subtree, so comparing references walks only the branches an event changed.
 */
export function diffStates(before: unknown, after: unknown, limit = MAX_PATCHES): Patch[] {
  const patches: Patch[] = [];
  const walk = (a: unknown, b: unknown, path: (string | number)[]): void => {
    if (a === b || patches.length >= limit) return;
    if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) {
      patches.push({ op: 'replace', path: [...path], value: b });
      return;
    }
    const key = (name: string) => (Array.isArray(b) ? Number(name) : name);
    for (const name of Object.keys(a)) {
      if (!(name in b)) patches.push({ op: 'remove', path: [...path, key(name)] });
    }
    for (const name of Object.keys(b)) {
      if (name in a) walk(a[name], b[name], [...path, key(name)]);
      else patches.push({ op: 'add', path: [...path, key(name)], value: b[name] });
    }
  };
  walk(before, after, []);
  return patches.slice(0, limit);
}
