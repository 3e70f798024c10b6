import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The budget of the first download, gzipped, CSS apart: 120 KB from issue 11, raised to 122 when
 * the outbox and the tabs (issue 25) joined the shell, lowered to 115 (114.1 KB) when the domains
 * that wait for who-am-I and a user's corner of the header moved to the `portal` chunk, and to
 * issue 22's target of 110 (109.9 KB) once the shell's modules held only what the shell needs
 * (README, "Speed on a real network").
 */
export const INITIAL_JS_BUDGET_KB = 110;

/** One package (`react-dom`, `zod`) or one folder of the project (`src/app`, `streams/core`). */
export interface Part {
  name: string;
  /** minified bytes this part takes in the initial chunks */
  bytes: number;
  /** its share of the chunks' gzipped size, apportioned by minified bytes */
  gzipBytes: number;
}

export interface InitialJs {
  files: string[];
  bytes: number;
  gzipBytes: number;
  /** what the first download holds, largest first */
  parts: Part[];
  /** the project's source files in it, relative to the root (`src/app/app.tsx`) */
  sources: string[];
}

/** The JS files the browser must download before the first render: the entry script and what it preloads. */
export function initialJsFiles(distDir = 'dist'): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  return [
    ...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g),
  ].map((match) => match[1]!);
}

/** The first download's size and what it holds, by package and project folder (from the source maps). */
export function initialJsSize(distDir = 'dist', root = process.cwd()): InitialJs {
  const files = initialJsFiles(distDir);
  const parts = new Map<string, Part>();
  const sources = new Set<string>();
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(distDir, file));
    const gzipped = gzipSync(content, { level: 9 }).length;
    bytes += content.length;
    gzipBytes += gzipped;
    const shares = chunkComposition(join(distDir, file), content.toString('utf8'), root, sources);
    const total = [...shares.values()].reduce((sum, value) => sum + value, 0) || 1;
    for (const [name, share] of shares) {
      const part = parts.get(name) ?? { name, bytes: 0, gzipBytes: 0 };
      part.bytes += Math.round((share / total) * content.length);
      part.gzipBytes += (share / total) * gzipped;
      parts.set(name, part);
    }
  }
  const sorted = [...parts.values()]
    .map((part) => ({ ...part, gzipBytes: Math.round(part.gzipBytes) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, bytes, gzipBytes, parts: sorted, sources: [...sources].sort() };
}

/** `  react-dom  58.1 KB gz  (180.3 KB)` lines, one per part. */
export function formatComposition(parts: readonly Part[], minGzipBytes = 0): string {
  const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
  const shown = parts.filter((part) => part.gzipBytes >= minGzipBytes);
  const rest = parts.filter((part) => part.gzipBytes < minGzipBytes);
  const width = Math.max(...shown.map((part) => part.name.length), 8);
  const lines = shown.map(
    (part) => `  ${part.name.padEnd(width)}  ${kb(part.gzipBytes).padStart(9)} gz  (${kb(part.bytes)})`,
  );
  if (rest.length > 0) {
    const gz = rest.reduce((sum, part) => sum + part.gzipBytes, 0);
    const raw = rest.reduce((sum, part) => sum + part.bytes, 0);
    lines.push(`  ${`${rest.length} smaller parts`.padEnd(width)}  ${kb(gz).padStart(9)} gz  (${kb(raw)})`);
  }
  return lines.join('\n');
}

/** The part a source file belongs to: its npm package, or its project folder two levels deep. */
export function partOf(source: string, root: string): string {
  const normalised = source.split(sep).join('/');
  const at = normalised.lastIndexOf('node_modules/');
  if (at >= 0) {
    const [scope, name] = normalised.slice(at + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  if (normalised.startsWith('\0') || !normalised.includes('/')) return '(bundler runtime)';
  const path = relative(root, normalised).split(sep);
  if (path[0] === '..') return '(outside the project)';
  return path.length > 2 ? `${path[0]}/${path[1]}` : path.join('/');
}

/** Characters of one chunk attributed to parts through its source map (unmapped ones to the bundler). */
function chunkComposition(
  file: string,
  code: string,
  root: string,
  sources: Set<string>,
): Map<string, number> {
  const shares = new Map<string, number>();
  const add = (name: string, count: number) => shares.set(name, (shares.get(name) ?? 0) + count);
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) {
    add('(no source map)', code.length);
    return shares;
  }
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as {
    sources: string[];
    sourceRoot?: string;
    mappings: string;
  };
  const base = resolve(dirname(file), map.sourceRoot ?? '');
  for (const source of map.sources) {
    const path = relative(root, resolve(base, source)).split(sep).join('/');
    if (!source.startsWith('\0') && !path.startsWith('..') && !path.includes('node_modules/'))
      sources.add(path);
  }
  const names = map.sources.map((source) =>
    source.startsWith('\0') ? '(bundler runtime)' : partOf(resolve(base, source), root),
  );
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  for (const [lineIndex, line] of lines.entries()) {
    const segments = decodeLine(mappingLines[lineIndex] ?? '', sourceIndex);
    sourceIndex = segments.lastSource;
    let column = 0;
    let owner = '(bundler runtime)';
    for (const segment of segments.list) {
      if (segment.column > column) add(owner, segment.column - column);
      column = Math.max(column, segment.column);
      owner =
        segment.source === undefined ? '(bundler runtime)' : (names[segment.source] ?? '(bundler runtime)');
    }
    if (line.length > column) add(owner, line.length - column);
    add('(bundler runtime)', 1); // the newline
  }
  return shares;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One line of source-map mappings: generated columns and (relative, carried over) source indexes. */
function decodeLine(
  text: string,
  previousSource: number,
): { list: { column: number; source?: number }[]; lastSource: number } {
  const list: { column: number; source?: number }[] = [];
  let column = 0;
  let source = previousSource;
  for (const segment of text.split(',')) {
    if (segment === '') continue;
    const fields = decodeVlq(segment);
    column += fields[0]!;
    if (fields.length >= 4) {
      source += fields[1]!;
      list.push({ column, source });
    } else {
      list.push({ column });
    }
  }
  return { list, lastSource: source };
}

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
