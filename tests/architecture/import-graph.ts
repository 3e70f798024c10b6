import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** One import of a source file: the file it resolves to (project files only) and whether only types come. */
export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** The project's sources, path (relative to the root, `/`-separated) to text. */
export type Sources = ReadonlyMap<string, string>;

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'"`;]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

export function readSources(root: string, folders: readonly string[]): Sources {
  const sources = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const name of readdirSync(join(root, folder))) {
      const path = `${folder}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) sources.set(path, readFileSync(join(root, path), 'utf8'));
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(folder);
  return sources;
}

function resolve(from: string, specifier: string, sources: Sources): string {
  if (!specifier.startsWith('.')) return specifier;
  const base = normalize(join(dirname(from), specifier))
    .split('\\')
    .join('/');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (sources.has(candidate)) return candidate;
  }
  return base;
}

/** Every import of every source, packages included (as their bare name). */
export function importsOf(sources: Sources): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const [from, text] of sources) {
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[4] ?? match[5] ?? match[6];
      if (!specifier) continue;
      // `import type {…}` and `import { type A, type B }` bring no code
      const names = match[3] ?? '';
      const typeOnly =
        match[2] !== undefined ||
        (/^\{[^}]*\}$/.test(names.trim()) &&
          names
            .replace(/[{}]/g, '')
            .split(',')
            .filter((name) => name.trim())
            .every((name) => name.trim().startsWith('type ')));
      edges.push({ from, to: resolve(from, specifier, sources), typeOnly });
    }
  }
  return edges;
}

/** The cycles of the graph, each as the files of one strongly connected component. */
export function cyclesOf(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = next.get(node)?.includes(node);
      if (component.length > 1 || selfLoop) cycles.push(component.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

const domainOf = (path: string): string | null => /^streams\/([^/]+)\//.exec(path)?.[1] ?? null;
const KERNEL = new Set(['core', 'recorder']);
const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
/** What a domain offers other domains: its event catalogue and its public selectors. */
const isPublic = (path: string): boolean => /(^|-)(events|selectors)\.ts$/.test(baseName(path));
const isEffectFile = (path: string): boolean => /(^|-)(epics|api)\.ts$/.test(baseName(path));
const isFold = (path: string): boolean => /^streams\/.*(^|[-/])(reducer|selectors)\.ts$/.test(path);
const IMPURE = /\bDate\.now\(|\bnew Date\(|\bMath\.random\(|\bperformance\.now\(|\bcrypto\./;

/** The rules of ARCHITECTURE.md "Layout" over a set of sources: one line per violation. */
export function boundaryViolations(sources: Sources): string[] {
  const edges = importsOf(sources);
  const violations: string[] = [];
  for (const { from, to } of edges) {
    const fromDomain = domainOf(from);
    const toDomain = domainOf(to);
    if (from.startsWith('streams/')) {
      if (to === 'react' || to.startsWith('react-') || to.startsWith('react/') || to.startsWith('src/')) {
        violations.push(`${from} imports ${to}: streams/ never imports React or src/`);
      }
      if (fromDomain && KERNEL.has(fromDomain) && toDomain && !KERNEL.has(toDomain)) {
        violations.push(`${from} imports ${to}: the kernel never imports a domain`);
      }
      const crossDomain = fromDomain && toDomain && fromDomain !== toDomain && !KERNEL.has(toDomain);
      if (crossDomain && !isPublic(to) && !KERNEL.has(fromDomain)) {
        violations.push(
          `${from} imports ${to}: a domain reads another only through its events and selectors`,
        );
      }
      const manifestOrState = ['domain.ts', 'state.ts'].includes(baseName(to));
      if (from === 'streams/root.ts' && toDomain && !manifestOrState && !KERNEL.has(toDomain)) {
        violations.push(`${from} imports ${to}: root lists manifests (and initial states) only`);
      }
    }
    if (from.startsWith('src/') && to.startsWith('streams/') && isEffectFile(to)) {
      violations.push(`${from} imports ${to}: views never import epics or api`);
    }
  }
  violations.push(...impureFolds(sources, edges));
  for (const cycle of cyclesOf(edges)) violations.push(`circular imports: ${cycle.join(' ↔ ')}`);
  return violations;
}

/** Reducers and selectors, and the code they run, never read config, a clock or randomness. */
function impureFolds(sources: Sources, edges: readonly ImportEdge[]): string[] {
  const runtime = new Map<string, string[]>();
  for (const { from, to, typeOnly } of edges) {
    if (!typeOnly && sources.has(to)) runtime.set(from, [...(runtime.get(from) ?? []), to]);
  }
  const violations: string[] = [];
  for (const fold of [...sources.keys()].filter(isFold)) {
    const seen = new Set<string>();
    const pending: Array<{ file: string; via: string[] }> = [{ file: fold, via: [] }];
    while (pending.length > 0) {
      const { file, via } = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const chain = [...via, file].join(' → ');
      if (file === 'streams/core/config.ts') violations.push(`${chain}: a fold never reads config`);
      else if (IMPURE.test(sources.get(file) ?? '')) {
        violations.push(`${chain}: a fold never reads a clock or randomness`);
      }
      for (const target of runtime.get(file) ?? []) pending.push({ file: target, via: [...via, file] });
    }
  }
  return violations;
}

export const relativeTo = (root: string, path: string): string => relative(root, path).split('\\').join('/');
