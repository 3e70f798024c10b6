/** Job handlers. Deleting stays a right of its own: contributors only deactivate their imports. */
import { DEFAULT_ACCEPT, type ImportJob } from '../db/imports';
import { formFields, parseJson, textField } from '../handlers/form';
import { JOB_HEADERS, mayDeleteJob, mayImport, mayUseJob, wireJob } from './model';
import { decodeOffset, encodeToken, same } from './query';
import {
  bool,
  type Ctx,
  deleteItemRows,
  envelope,
  ImportError,
  isRecord,
  jobOf,
  jsonBody,
  touchJob,
} from './request';

/** Job list: jobs per page unless `max` says otherwise. */
const JOB_PAGE = 20;

export function listJobs(ctx: Ctx): Response {
  const { params, db, user } = ctx;
  const query = params.get('query');
  let filter: Record<string, unknown> = {};
  if (query) {
    const parsed = parseJson(query);
    if (!parsed.ok || !isRecord(parsed.value))
      throw new ImportError(400, `query must be a JSON object: ${query}`);
    filter = parsed.value;
  }
  const checks = Object.entries(filter).map(([field, condition]) => {
    const read = (job: ImportJob): unknown => (job as unknown as Record<string, unknown>)[field];
    if (!['id', 'name', 'status', 'activated', 'jobowner'].includes(field))
      throw new ImportError(400, `Cannot query jobs on ${field}`);
    const conditions = isRecord(condition) ? condition : { eq: condition };
    return (job: ImportJob) =>
      Object.entries(conditions).every(([operator, value]) => {
        const list = Array.isArray(value) ? value : [value];
        if (operator === 'eq') return same(read(job), value);
        if (operator === 'ne') return !same(read(job), value);
        if (operator === 'in') return list.some((entry) => same(read(job), entry));
        throw new ImportError(400, `Unknown operator ${operator} on ${field}`);
      });
  });
  // deactivated jobs (deleted by a contributor) are left out unless the query names `activated`
  const jobs = db.importJobs.filter(
    (job) =>
      mayUseJob(user, job) && ('activated' in filter || job.activated) && checks.every((check) => check(job)),
  );
  const [field = 'created', direction = 'desc'] = (params.get('orderby') ?? 'created desc')
    .trim()
    .split(/\s+/);
  if (!['created', 'modified', 'name', 'id'].includes(field))
    throw new ImportError(400, `Cannot order jobs by ${field}`);
  const sign = direction.toLowerCase() === 'desc' ? -1 : 1;
  jobs.sort((a, b) => {
    const ka = String((a as unknown as Record<string, unknown>)[field]);
    const kb = String((b as unknown as Record<string, unknown>)[field]);
    const order = field === 'id' ? a.id - b.id : ka < kb ? -1 : ka > kb ? 1 : 0;
    return (order || a.id - b.id) * sign;
  });
  const scope = `jobs:${field}:${direction}:${query ?? ''}`;
  const start = decodeOffset(params.get('after'), scope);
  const max = Math.max(1, Math.min(100, Number(params.get('max')) || JOB_PAGE));
  const page = jobs.slice(start, start + max);
  const end = start + page.length;
  const options = {
    withItems: bool(params.get('withItems'), false),
    maxItems: Math.max(0, Number(params.get('maxItems') ?? 10) || 0),
    rights: bool(params.get('withRights'), false),
    lang: ctx.lang,
  };
  return envelope(
    ctx,
    'job',
    page.map((job) => wireJob(db, job, user, options)),
    {
      total: jobs.length,
      links: end < jobs.length ? { next: encodeToken({ o: end, s: scope }) } : {},
      headers: JOB_HEADERS,
    },
  );
}

export function getJob(ctx: Ctx, id: number): Response {
  const job = jobOf(ctx, id);
  const data = wireJob(ctx.db, job, ctx.user, {
    withItems: bool(ctx.params.get('withItems'), false),
    maxItems: Math.max(0, Number(ctx.params.get('maxItems') ?? 10) || 0),
    rights: bool(ctx.params.get('withRights'), false),
    lang: ctx.lang,
  });
  return envelope(ctx, 'job', data);
}

const JOB_CREATE_KEYS = new Set(['name', 'description', 'accept', 'jobowner', 'subjobs', 'status']);

export async function createJob(ctx: Ctx): Promise<Response> {
  const form = await formFields(ctx.request);
  const text = form ? textField(form, 'json') : undefined;
  if (text === undefined)
    throw new ImportError(400, 'The job description must come as the multipart field json');
  const parsed = parseJson(text);
  if (!parsed.ok || !isRecord(parsed.value))
    throw new ImportError(400, `json must be a JSON object: ${text}`);
  const description = parsed.value;
  for (const key of Object.keys(description)) {
    if (key !== key.toLowerCase())
      throw new ImportError(400, `Unknown job field ${key}: job fields are lower-case`);
    if (!JOB_CREATE_KEYS.has(key)) throw new ImportError(400, `Unknown job field ${key}`);
  }
  const name = typeof description.name === 'string' ? description.name.trim() : '';
  if (!name) throw new ImportError(400, 'A job needs a name');
  const accept =
    Array.isArray(description.accept) && description.accept.every((entry) => typeof entry === 'string')
      ? (description.accept as string[])
      : [...DEFAULT_ACCEPT];
  const id = (ctx.db.importJobs.at(-1)?.id ?? 0) + 1;
  const job: ImportJob = {
    id,
    name,
    description: typeof description.description === 'string' ? description.description : '',
    status: 'open',
    activated: true,
    jobowner: ctx.user.id,
    created: ctx.now.toISOString(),
    modified: ctx.now.toISOString(),
    subjobs: [],
    itemResource: 'asset',
    accept,
  };
  ctx.db.importJobs.push(job);
  return envelope(
    ctx,
    'job',
    wireJob(ctx.db, job, ctx.user, { withItems: false, maxItems: 0, rights: true, lang: ctx.lang }),
  );
}

export async function deleteJob(ctx: Ctx, id: number): Promise<Response> {
  const job = jobOf(ctx, id);
  if (!mayDeleteJob(ctx.user))
    throw new ImportError(403, `${ctx.user.login} may not delete imports: deactivate it instead`);
  const jobs = [job];
  if (bool(ctx.params.get('withSecondaryJobs'), false)) {
    for (const sub of job.subjobs) {
      const found = ctx.db.importJobs.find((candidate) => candidate.id === sub);
      if (found) jobs.push(found);
    }
  }
  const ids = new Set(jobs.map((entry) => entry.id));
  ctx.db.importJobs = ctx.db.importJobs.filter((entry) => !ids.has(entry.id));
  for (const other of ctx.db.importJobs) other.subjobs = other.subjobs.filter((sub) => !ids.has(sub));
  const items = ctx.db.importItems.filter((item) => ids.has(item.job));
  // `deleteItems=false` keeps nothing either: items cannot live without their job (demo convention)
  await deleteItemRows(ctx, items);
  return envelope(ctx, 'job', { id });
}

export async function patchJob(ctx: Ctx, id: number): Promise<Response> {
  const job = jobOf(ctx, id);
  const body = await jsonBody(ctx.request);
  for (const [key, value] of Object.entries(body)) {
    switch (key) {
      case 'jobowner': {
        const ownerId = isRecord(value) ? value.id : value;
        const owner = ctx.db.users.find((user) => same(user.id, ownerId));
        if (!owner || !mayImport(owner))
          throw new ImportError(400, `jobowner: ${JSON.stringify(value)} may not own an import`);
        job.jobowner = owner.id;
        break;
      }
      case 'subjobs': {
        if (!isRecord(value) || !Array.isArray(value.$values))
          throw new ImportError(400, `cannot adapt ${JSON.stringify(value)}`);
        const values = value.$values.map((entry) => Number(isRecord(entry) ? entry.id : entry));
        const mode = String(value.$mode ?? 'replace');
        for (const sub of values) {
          if (sub === job.id || !ctx.db.importJobs.some((candidate) => candidate.id === sub))
            throw new ImportError(400, `Job '${sub}' is unknown`);
          // a link joins two jobs: whoever makes it must be able to write both (403 from jobOf);
          // unlinking only changes the caller's own job
          if (mode !== 'remove') jobOf(ctx, sub);
        }
        if (mode === 'appendnew' || mode === 'append' || mode === 'add')
          job.subjobs = [...new Set([...job.subjobs, ...values])];
        else if (mode === 'remove') job.subjobs = job.subjobs.filter((sub) => !values.includes(sub));
        else if (mode === 'replace') job.subjobs = [...new Set(values)];
        else throw new ImportError(400, `Unknown $mode ${mode}`);
        break;
      }
      case 'activated':
        if (typeof value !== 'boolean') throw new ImportError(400, 'activated must be true or false');
        job.activated = value;
        break;
      case 'name':
      case 'description':
        if (typeof value !== 'string') throw new ImportError(400, `${key} must be a text`);
        job[key] = value;
        break;
      default:
        throw new ImportError(400, `Cannot change ${key} of a job`);
    }
  }
  touchJob(job, ctx.now);
  return envelope(
    ctx,
    'job',
    wireJob(ctx.db, job, ctx.user, { withItems: false, maxItems: 0, rights: true, lang: ctx.lang }),
  );
}
