/**
 * How the import screens read the server's loose jobs and items (protocol §15.1 fields), and the
 * numbers of the upload queue (speed, time left). Pure: no clock, no state.
 */

/** The item statuses of the demo server and of the seed: 2 is analyzing (§15.1 "Analyzing count"). */
export type ItemBadge = 'analyzing' | 'incomplete' | 'ready' | 'error' | 'validated';

const STATUS_BADGES: Record<string, ItemBadge> = {
  '1': 'analyzing',
  '2': 'analyzing',
  '3': 'incomplete',
  '4': 'ready',
  '5': 'validated',
  '9': 'error',
  uploaded: 'analyzing',
  analyzing: 'analyzing',
  incomplete: 'incomplete',
  ready: 'ready',
  imported: 'validated',
  validated: 'validated',
  failed: 'error',
  error: 'error',
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** The status of an item or a job as the server gave it: a number, a string, or `{id}`. */
function rawStatus(value: unknown): string | null {
  if (value && typeof value === 'object' && 'id' in value) return text((value as { id: unknown }).id);
  return text(value);
}

export interface ItemView {
  id: string;
  name: string;
  badge: ItemBadge;
  /** the item says it is still being indexed */
  indexing: boolean;
  blurhash: string | null;
  thumbnail: string | null;
  /** the item's own error (a refused format, a rejection), if any: the server's words */
  error: string | null;
  /** that error's code (`400/9`, `rejected`), which the grid puts in the user's words */
  errorCode: string | null;
  /** a write the outbox keeps is about it: done when back online */
  kept: boolean;
}

/**
 * An item as the grid shows it; `local` marks an item the client itself marked `error` (a failed
 * fetch), `kept` one a write the outbox keeps is about (its failure is not an error: it waits).
 */
export function itemView(
  item: Record<string, unknown>,
  apiPath: string,
  localError = false,
  kept = false,
): ItemView {
  const id = String(item.id);
  const status = rawStatus(item.$status ?? item.status);
  const badge: ItemBadge =
    localError && !kept ? 'error' : ((status ? STATUS_BADGES[status] : undefined) ?? 'analyzing');
  const thumbnail = text(item.thumbnail) ?? text(item.$thumbnail) ?? text(item.preview);
  const failure =
    item.error && typeof item.error === 'object'
      ? (item.error as { message?: unknown; code?: unknown })
      : null;
  return {
    id,
    name: text(item.name) ?? text(item.filename) ?? text(item.$path) ?? `#${id}`,
    badge,
    indexing: item.indexingstatus === 'pending' || badge === 'analyzing',
    blurhash: text(item.blurhash),
    thumbnail: thumbnail ? absolute(thumbnail, apiPath) : null,
    error: failure ? text(failure.message) : null,
    errorCode: failure ? text(failure.code) : null,
    kept,
  };
}

/** A server address (`/wedia/...`, `/api/wedia/...`) under the server's root; a full URL as it is. */
function absolute(address: string, apiPath: string): string {
  if (/^(https?:|data:|blob:)/.test(address)) return address;
  const path = address.replace(/^\/+/, '');
  return `${apiPath.replace(/\/+$/, '')}/${path.startsWith('api/') ? path : `api/${path}`}`;
}

export interface JobView {
  id: string;
  name: string;
  owner: string | null;
  /** the owner's id, when the job names it */
  ownerId: string | null;
  created: string | null;
  /** the job's own status (`open`, `running`, `done`), kept as `$jobstatus` in the state */
  status: string | null;
  subJobIds: string[];
  /** the server lets the reader change the job (`$security`, asked with rights); true when it does not say */
  mayManage: boolean;
  total: number;
  lastActivity: string | null;
  items: Record<string, unknown>[];
}

/** A job of the list or of a job page. */
export function jobView(job: Record<string, unknown>): JobView {
  const owner = job.jobowner;
  const ownerName =
    owner && typeof owner === 'object'
      ? (text((owner as Record<string, unknown>).name) ??
        text((owner as Record<string, unknown>).login) ??
        text((owner as Record<string, unknown>).id))
      : (text(job.jobownerName) ?? text(owner));
  const items = Array.isArray(job.$items) ? (job.$items as Record<string, unknown>[]) : [];
  const more = job.$moreChildren_$items as { total?: unknown } | undefined;
  const total =
    typeof job.count === 'number' ? job.count : typeof more?.total === 'number' ? more.total : items.length;
  const security = job.$security as Record<string, unknown> | undefined;
  return {
    id: String(job.id),
    name: text(job.name) ?? `#${String(job.id)}`,
    owner: ownerName,
    ownerId: owner && typeof owner === 'object' ? text((owner as Record<string, unknown>).id) : text(owner),
    created: text(job.created),
    status: rawStatus(job.$jobstatus ?? job.status),
    subJobIds: Array.isArray(job.subjobs) ? job.subjobs.flatMap((sub) => rawStatus(sub) ?? []) : [],
    mayManage: security?.['objectactions/multiupdate'] !== false,
    total,
    lastActivity: text(job.modified) ?? text(job.$datatime) ?? text(job.created),
    items,
  };
}

/** Counts of the job's first items by badge (the list shows the job's first items only). */
export function countByBadge(items: readonly Record<string, unknown>[]): Partial<Record<ItemBadge, number>> {
  const counts: Partial<Record<ItemBadge, number>> = {};
  for (const item of items) {
    const badge = itemView(item, '').badge;
    counts[badge] = (counts[badge] ?? 0) + 1;
  }
  return counts;
}

/** Status counts of an aggregate (`{ "4": 10, "2": 3 }`) folded into badges. */
export function badgeCounts(counts: Record<string, number>): Partial<Record<ItemBadge, number>> {
  const out: Partial<Record<ItemBadge, number>> = {};
  for (const [status, count] of Object.entries(counts)) {
    const badge = STATUS_BADGES[status] ?? 'analyzing';
    out[badge] = (out[badge] ?? 0) + count;
  }
  return out;
}

/** Seconds as `1 h 02 min`, `3 min 05 s`, `12 s`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

interface WorkflowAction {
  action: string;
  label: string;
}

/** The workflow steps an item offers (`$workflow.actions`, asked with `workflows=true`). */
function workflowActionsOf(item: Record<string, unknown> | null | undefined): WorkflowAction[] {
  const workflow = item?.$workflow;
  if (!workflow || typeof workflow !== 'object') return [];
  const actions = (workflow as { actions?: unknown }).actions;
  if (!Array.isArray(actions)) return [];
  return actions.flatMap((one) => {
    if (!one || typeof one !== 'object') return [];
    const { action, label } = one as { action?: unknown; label?: unknown };
    return typeof action === 'string' ? [{ action, label: typeof label === 'string' ? label : action }] : [];
  });
}

/** The actions every one of the items offers, in the first item's order. */
function commonActions(items: readonly (Record<string, unknown> | null | undefined)[]): WorkflowAction[] {
  if (items.length === 0) return [];
  const [first, ...rest] = items.map(workflowActionsOf);
  return (first ?? []).filter(({ action }) =>
    rest.every((list) => list.some((one) => one.action === action)),
  );
}

interface OwnerCandidate {
  id: string;
  name: string;
}

/**
 * Who may be given a job: the protocol offers no user search, so the owners the job list names
 * (each job's `jobowner` with its name) are the candidates, sorted by name.
 */
export function ownerCandidates(jobs: readonly Pick<JobView, 'owner' | 'ownerId'>[]): OwnerCandidate[] {
  const byId = new Map<string, string>();
  for (const { owner, ownerId } of jobs) {
    if (ownerId && !byId.has(ownerId)) byId.set(ownerId, owner ?? `#${ownerId}`);
  }
  return [...byId]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * The "Workflow" group: each action of the item workflow list (`GET …/data/item/workflow`), labelled
 * as the list says, offered when every selected item offers it; before the list, the actions the
 * selected items share.
 */
export function workflowGroup(
  items: readonly (Record<string, unknown> | null | undefined)[],
  list: readonly unknown[] | null,
): (WorkflowAction & { offered: boolean })[] {
  const shared = commonActions(items);
  if (!list) return shared.map((one) => ({ ...one, offered: true }));
  return list.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const { action, label } = entry as { action?: unknown; label?: unknown };
    if (typeof action !== 'string') return [];
    const offered = shared.some((one) => one.action === action);
    return [{ action, label: typeof label === 'string' ? label : action, offered }];
  });
}
