/**
 * `import.meta.glob` outside Vite: `npm run bench` (and any tsx script) runs code of src/ that
 * finds files with Vite's `import.meta.glob('./dir/*.ext')` (src/i18n/locales.ts: one file per
 * language). Given to Node with `--import`, this registers a load hook that rewrites each such call,
 * in the JavaScript tsx made of a module, into the object Vite would build: the matching files'
 * paths, each with a loader (`() => import(path)`; `{ eager: true }` is not supported).
 */
import { readdirSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

// the module is loaded twice: by --import in the main thread (it registers), then as the hooks
if (isMainThread) register(import.meta.url);

/** `import.meta.glob("./languages/*.ts")`, after any type arguments are gone. */
const GLOB_CALL = /import\.meta\.glob\(\s*(["'])(\.{1,2}\/(?:[^"'*]+\/)?)\*(\.[\w.]+)\1\s*\)/g;

function globObject(url, dir, extension) {
  let names;
  try {
    names = readdirSync(join(dirname(fileURLToPath(url)), dir)).filter((name) => name.endsWith(extension));
  } catch {
    names = [];
  }
  const entries = names.sort().map((name) => {
    const path = JSON.stringify(`${dir}${name}`);
    return `${path}: () => import(${path})`;
  });
  return `{ ${entries.join(', ')} }`;
}

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || result.source == null || result.format !== 'module') return result;
  const source =
    typeof result.source === 'string' ? result.source : Buffer.from(result.source).toString('utf8');
  if (!source.includes('import.meta.glob(')) return result;
  return {
    ...result,
    source: source.replace(GLOB_CALL, (_whole, _quote, dir, extension) => globObject(url, dir, extension)),
  };
}
