/**
 * The reference client, wedia-vue, set up in Node as an application would set it up in a page:
 * Vue 2, a Vuex store, the plugin, one config pointing at the demo server. wedia-vue is
 * proprietary: `ensureInstalled` puts it (and the versions of its peers it was built for) in
 * `.reference/`, which git ignores; nothing of it is copied here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const FOLDER = join(process.cwd(), '.reference');
const PACKAGES = [
  'wedia-vue@11.30.4',
  'vue@2.6.14',
  'vuex@3.6.2',
  'axios@0.18.1',
  'axios-cache-adapter@2.4.1',
  'lodash@4.17.21',
  'qs@6.13.0',
];

/** wedia-vue ships no types: its objects are read as untyped, each use says what it expects. */
// biome-ignore lint/suspicious/noExplicitAny: the reference client is plain JavaScript
export type Loose = any;

/** Installs the reference client and its peers into `.reference/` once. */
export function ensureInstalled(): void {
  if (existsSync(join(FOLDER, 'node_modules/wedia-vue/package.json'))) return;
  console.log(`Installing ${PACKAGES.join(' ')} into .reference/ (only for this check)`);
  const install = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      FOLDER,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      ...PACKAGES,
    ],
    { stdio: 'inherit' },
  );
  if (install.status !== 0) throw new Error('npm could not install the reference client');
}

interface AxiosRequest {
  url: string;
  method: string;
  params?: unknown;
  paramsSerializer?: unknown;
  headers: Record<string, string>;
  data?: unknown;
  responseType?: string;
}

/**
 * axios 0.18's Node adapter refuses a FormData body, which a browser sends as multipart: this
 * adapter sends every request with Node's fetch, as the browser's XHR adapter would.
 */
function fetchAdapter(load: NodeRequire) {
  const buildURL = load('axios/lib/helpers/buildURL') as (
    url: string,
    params: unknown,
    serializer: unknown,
  ) => string;
  const settle = load('axios/lib/core/settle') as (
    ok: (v: unknown) => void,
    ko: (e: unknown) => void,
    r: unknown,
  ) => void;
  return (config: AxiosRequest) =>
    new Promise((resolve, reject) => {
      const headers = { ...config.headers };
      if (config.data instanceof FormData || config.data?.constructor?.name === 'FormData') {
        // fetch writes the multipart boundary itself
        delete headers['Content-Type'];
      }
      fetch(buildURL(config.url, config.params, config.paramsSerializer), {
        method: config.method.toUpperCase(),
        headers,
        body: config.data as BodyInit | undefined,
      }).then(async (answer) => {
        const data =
          config.responseType === 'arraybuffer'
            ? Buffer.from(await answer.arrayBuffer())
            : await answer.text();
        const headersRead = Object.fromEntries(answer.headers.entries());
        settle(resolve, reject, {
          data,
          status: answer.status,
          statusText: answer.statusText,
          headers: headersRead,
          config,
          request: {},
        });
      }, reject);
    });
}

/** The page's storage, in memory: the reference client keeps its downloads there. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** A reference client as a page holds it: `$we`, and the Vuex store it keeps its state in. */
export interface ReferenceClient {
  we: Loose;
  state: Loose;
}

/** The page: Vue, one Vuex store and the plugin, set up once (Vue installs a plugin once). */
function setUpPage(): { we: Loose; store: { state: Loose } } {
  Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
  const load = createRequire(join(FOLDER, 'package.json'));
  const axios = load('axios') as { defaults: { adapter: unknown } };
  axios.defaults.adapter = fetchAdapter(load);
  const Vue = load('vue') as Loose;
  const Vuex = load('vuex') as Loose;
  const plugin = load('wedia-vue') as Loose;
  Vue.use(Vuex);
  const store = new (Vuex.Store as new () => { state: Loose })();
  Vue.use(plugin.default ?? plugin, { store });
  return { we: Vue.$we, store };
}

let page: ReturnType<typeof setUpPage> | undefined;
let clients = 0;

/** A reference client on the demo server at `url`, not signed in. */
export function createReferenceClient(url: string): ReferenceClient {
  page ??= setUpPage();
  const { we, store } = page;
  // one config per client, each with a store module of its own: no state carried between checks;
  // the plugin's install drops its `config` option (it reads `configParam`): registered as a page must
  clients += 1;
  const name = String(we.$register({ name: `check${clients}`, damUrl: url }));
  we.$setActiveConfig(name);
  return { we, state: store.state[`wedia_${name}`] };
}
