/**
 * What the reference client does against the demo server, one check per call of issue 26's
 * findings: each drives wedia-vue's own API as a page would, then reads what the demo server
 * received and answered.
 */
import { createReferenceClient, type ReferenceClient } from './client';

export interface Demo {
  url: string;
  /** what the demo server received since its last reset */
  requests(): Promise<Array<{ method: string; path: string; query?: Record<string, string> }>>;
  settings(patch: Record<string, unknown>): Promise<void>;
}

export interface Check {
  name: string;
  run(client: ReferenceClient, demo: Demo): Promise<string>;
}

const WAIT_MS = 30_000;

/** Resolves once `ready` says so (the reference client polls with real timers). */
async function waitFor<T>(what: string, read: () => T | undefined | false): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() - started > WAIT_MS) throw new Error(`${what}: not reached after ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const cartDownload: Check = {
  name: 'Cart download (testZipCart, zipCart, downloadCart polled until ready)',
  async run({ we, state }, demo) {
    await demo.settings({ 'zip.buildMs': 3000 });
    await we.carts.loadCarts();
    const carts = await waitFor('carts listed', () => {
      const all = we.carts.allCarts as Array<{ id: string; isMine: boolean }>;
      return all.length > 0 && all;
    });
    const cart = carts.find((candidate) => candidate.isMine) ?? carts[0]!;
    // `password: null` is how its API says "no share password" (undefined would send `Basic :undefined`)
    const downloadId = String(
      await we.carts.getCart(cart.id).startDownloadProcess({ profile: 'originals', password: null }),
    );
    const status = await waitFor('download ready', () => {
      const read = String(state.carts.downloads[downloadId]?.$status ?? '');
      return ['loaded', 'error'].includes(read) && read;
    });
    if (status !== 'loaded') throw new Error(`the download ended as ${status}`);
    const polls = (await demo.requests()).filter((request) => request.path.includes('/downloadCart/'));
    return `cart ${cart.id}: ready after ${polls.length} HEAD polls`;
  },
};

const analyticsTops: Check = {
  name: 'Analytics tops with their object (dam/asset headers as a meta-schema, topDamView)',
  async run({ we, state }) {
    await we.model.getSchema('dam/asset').resolve();
    await we.analytics.fetchTopDamViews(30, 10);
    const top = state.analytics.dam.tops.topDamView;
    if (String(top.$status) !== 'loaded')
      throw new Error(`the top ended as ${String(top.$status)}: ${String(top.error)}`);
    const rows = top.data as Array<{ entity: { $resource: string; id: string } }>;
    const objects = [...new Set(rows.map((row) => row.entity.$resource))];
    if (rows.length === 0 || objects.some((object) => !object))
      throw new Error('no top, or a top without its object');
    return `${rows.length} assets, objects ${objects.join(', ')}`;
  },
};

interface JobItem {
  id: number;
  status: number;
  $assetmetadata?: { keywords?: Array<{ id: number }> };
}

/** Alice's newest import job and its items, listed and fetched as the reference's import screen does. */
async function firstJob({ we, state }: ReferenceClient): Promise<{ jobId: number; items: JobItem[] }> {
  we.massimport.registerNamedJobs('default');
  we.massimport.fetchJobs('default');
  const ids = await waitFor('jobs listed', () => {
    const cursor = state.massimport.cursors.default;
    return String(cursor?.$status) === 'loaded' && (cursor.data as number[]);
  });
  for (const jobId of ids) {
    await we.massimport.fetchJob(jobId, { withItems: true, withSimu: true });
    const items = we.massimport.getJobItemsData(jobId) as JobItem[];
    if (items.length >= 2) return { jobId, items };
  }
  throw new Error('no job with two items');
}

/** Polls the job's running commands, as the reference's import screen does, until none is left. */
async function waitForCommands({ we, state }: ReferenceClient, jobId: number): Promise<void> {
  const helper = we.massimport.getJobHelper(jobId);
  await waitFor('the commands done', () => {
    void helper.checkCommandStatus();
    const running = we.massimport.getJobHelper(jobId).runningCommands as unknown[];
    return running.length === 0 && state;
  });
}

/** A second reference client, signed in as alice. */
async function signedIn(url: string): Promise<ReferenceClient> {
  const client = createReferenceClient(url);
  await client.we.surfer.signin({ login: 'alice', password: 'alice' });
  return client;
}

const importModeMetadata: Check = {
  name: 'Import metadata with $mode appendnew (POST …/job/{id}/item, then the item read again)',
  async run(client, demo) {
    const { we } = client;
    const { jobId, items } = await firstJob(client);
    const keywordsOf = (item: JobItem | undefined) =>
      (item?.$assetmetadata?.keywords ?? []).map(({ id }) => id);
    const [target, source] = items as [JobItem, JobItem];
    const added = keywordsOf(source).find((id) => !keywordsOf(target).includes(id)) ?? keywordsOf(source)[0];
    if (added === undefined) throw new Error('no keyword to add');
    await we.massimport.getJobHelper(jobId).submitMatadataChanges({
      ids: [target.id],
      field: 'keywords',
      value: { $mode: 'appendnew', $values: [{ id: added }] },
    });
    await waitForCommands(client, jobId);
    // read back by a client of its own, so that nothing comes from the first one's optimistic state
    const reader = await signedIn(demo.url);
    await reader.we.massimport.fetchJob(jobId, { withItems: true, withSimu: true });
    const now = keywordsOf(reader.we.massimport.getJobItemData(target.id) as JobItem);
    if (!now.includes(added)) throw new Error(`keyword ${added} not on item ${target.id} after the command`);
    return `job ${jobId}, item ${target.id}: keyword ${added} added, read back (${now.length} now)`;
  },
};

const importWorkflowAction: Check = {
  name: 'Import item workflow (the workflow list, then an action on one item)',
  async run(client, demo) {
    const { we } = client;
    await we.massimportworkflows.fetchMassimportWorkflow();
    const actions = (we.massimportworkflows.getMassimportworkflowActions() as Array<{ name: string }>).map(
      ({ name }) => name,
    );
    if (!actions.includes('reject')) throw new Error(`no "reject" among the actions (${actions.join(', ')})`);
    const { jobId, items } = await firstJob(client);
    const target = items[0]!;
    const before = target.status;
    await we.massimport.workflowItems({ jobItemsIds: [target.id], action: 'reject', sourceJobId: jobId });
    const reader = await signedIn(demo.url);
    await reader.we.massimport.fetchJob(jobId, { withItems: true });
    const after = (reader.we.massimport.getJobItemData(target.id) as JobItem).status;
    if (after === before) throw new Error(`item ${target.id} still has status ${before}`);
    return `actions ${actions.join(', ')}; item ${target.id}: status ${before} → ${after}`;
  },
};

/**
 * 11.30.4 turns this path off (`false && …` before its phrase test) and, once the lookups are done,
 * passes the query to a one-argument `setQuery(null, query)`, which stores null: the search itself
 * cannot be run with the reference. What it sends and reads up to there is checked.
 */
const naturalLanguage: Check = {
  name: 'Natural language "show me short videos of babies" (luis analysis, then one lookup per value)',
  async run({ we }, demo) {
    await we.cursors.registerCursor('reference-nl', { path: 'dam/asset', max: 20, query: {} });
    const understood = await we.cursors
      .getCursor('reference-nl')
      .performLuisQuery('show me short videos of babies');
    if (!understood) throw new Error('the analysis was not read as a search');
    const namespaces = Object.keys(we.cursors.getCursor('reference-nl').namespaces as object);
    const lookups = (await demo.requests())
      .filter((request) => /\/rest\/dam\/data\/(ai_concepts|assetnature)$/.test(request.path))
      .map((request) => `${request.path.split('/').pop()} ${String(request.query?.query)}`);
    if (namespaces.length !== 2) throw new Error(`concepts read: ${namespaces.join(', ')}`);
    return `concepts ${namespaces.join(', ')}; lookups: ${lookups.join('; ')}`;
  },
};

interface Block {
  id: number;
  componentFullUid: string;
}

/** The blocks of a page's first slot, as the reference's page holds them (children by slot). */
function firstSlot(page: { children: Record<string, Block[]> }): { slot: string; blocks: Block[] } {
  const [slot, blocks] = Object.entries(page.children)[0] ?? ['default', []];
  return { slot, blocks };
}

const cmsAddBlock: Check = {
  name: 'CMS add block on a work copy (affect_collection form_field=children, then sort.jspz)',
  async run({ we }, demo) {
    const pageId = 2;
    await we.cms.fetchPageById(pageId);
    const template = (we.cms.getPageById(pageId).validchildren as Array<{ id: number; name: string }>)[0];
    if (!template) throw new Error(`page ${pageId} offers no template`);
    await we.cms.fetchWorkcopy(pageId);
    const copyId = Number(we.cms.getWorkcopyOf(pageId).workcopy);
    await we.cms.fetchPageById(copyId);
    const before = firstSlot(we.cms.getPageById(copyId));
    const uid = `clubwedpagedesc_${copyId}`;
    await we.cms.createAtSlotIndex(before.slot, uid, 0, false, template);
    await we.cms.submitCreation(uid);
    const reader = await signedIn(demo.url);
    await reader.we.cms.fetchPageById(copyId);
    const after = firstSlot(reader.we.cms.getPageById(copyId)).blocks.map(({ id }) => id);
    const expected = [after[0], ...before.blocks.map(({ id }) => id)];
    const isNew = !before.blocks.some(({ id }) => id === after[0]);
    if (!isNew || after.length !== before.blocks.length + 1 || after.join() !== expected.join())
      throw new Error(`blocks ${before.blocks.map(({ id }) => id).join()} became ${after.join()}`);
    return `work copy ${copyId}: "${template.name}" added first as block ${after[0]}, read back`;
  },
};

export const checks: readonly Check[] = [
  cartDownload,
  analyticsTops,
  importModeMetadata,
  importWorkflowAction,
  naturalLanguage,
  cmsAddBlock,
];
