/** Metadata commands apply after a delay, as on the real server, so the client's polling is exercised. */
import { HttpResponse } from 'msw';
import type { ImportItem, ImportItemMetadata, ImportJob } from '../db/imports';
import { restEnvelope } from '../handlers/respond';
import { runtime } from '../runtime';
import {
  advance,
  analysedStatus,
  type Command,
  importItem,
  itemFieldHeaders,
  itemResources,
  itemsOfJob,
  S,
  stateOf,
  wireItem,
  wireJob,
} from './model';
import {
  type Ctx,
  envelope,
  ImportError,
  isRecord,
  itemOf,
  jobOf,
  jsonBody,
  reduceId,
  touchJob,
} from './request';

type Setter = (metadata: ImportItemMetadata) => void;

/** One value of `metadata.data`: ids or `{$mode, $values}` for relations, a text for text fields. */
export function setterOf(ctx: Ctx, field: string, value: unknown): Setter {
  const header = itemFieldHeaders(ctx.db)[field];
  if (!header) throw new ImportError(400, `Unknown field ${field}`);
  const cannot = () => new ImportError(400, `cannot adapt ${JSON.stringify(value)}`);
  const key = field as keyof ImportItemMetadata;
  if (header.type === 'array' || header.type === 'object') {
    const related = field === 'keywords' ? ctx.db.keywords : ctx.db.categories;
    const check = (ids: number[]) => {
      for (const id of ids) {
        if (!related.some((row) => row.id === id))
          throw new ImportError(400, `Field ${field}: unknown id ${id}`);
      }
      return ids;
    };
    let mode = 'replace';
    let values: unknown[];
    if (isRecord(value) && '$mode' in value) {
      mode = String(value.$mode);
      // the reference's `clear` comes without values
      if (mode === 'clear') values = [];
      else if (Array.isArray(value.$values)) values = value.$values;
      else throw cannot();
    } else if (Array.isArray(value)) values = value;
    else if (value === null) values = [];
    else if (reduceId(value) !== undefined) values = [value];
    else throw cannot();
    const ids = check(
      values.map((entry) => {
        const id = reduceId(entry);
        if (id === undefined) throw cannot();
        return id;
      }),
    );
    if (!['replace', 'add', 'append', 'appendnew', 'remove', 'clear'].includes(mode))
      throw new ImportError(400, `Unknown $mode ${mode}`);
    return (metadata) => {
      const current = (metadata[key] as number[] | undefined) ?? [];
      const next =
        mode === 'replace' || mode === 'clear'
          ? ids
          : mode === 'remove'
            ? current.filter((id) => !ids.includes(id))
            : [...new Set([...current, ...ids])];
      (metadata as Record<string, unknown>)[key] = next;
    };
  }
  if (value === null) return (metadata) => void delete metadata[key];
  if (typeof value !== 'string') throw cannot();
  return (metadata) => {
    (metadata as Record<string, unknown>)[key] = value;
  };
}

function commandItems(ctx: Ctx, job: ImportJob, ids: unknown): ImportItem[] {
  if (!Array.isArray(ids) || ids.length === 0) throw new ImportError(400, 'metadata.ids must list item ids');
  return ids.map((raw) => {
    const id = reduceId(raw);
    const item = id === undefined ? undefined : ctx.db.importItems.find((candidate) => candidate.id === id);
    if (!item || item.job !== job.id)
      throw new ImportError(400, `Item ${JSON.stringify(raw)} is not in the import '${job.name}'`);
    return item;
  });
}

function startCommand(ctx: Ctx, command: Omit<Command, 'id' | 'doneAt' | 'applied'>): Command {
  const state = stateOf(ctx.db);
  const full: Command = {
    ...command,
    id: state.nextCommand++,
    doneAt: ctx.now.getTime() + runtime.settings['imports.commandMs'],
    applied: false,
  };
  state.commands.set(full.id, full);
  advance(ctx.db, ctx.now.getTime());
  return full;
}

export async function putJob(ctx: Ctx, id: number): Promise<Response> {
  const job = jobOf(ctx, id);
  const body = await jsonBody(ctx.request);
  let command: Command | undefined;
  if (Array.isArray(body.items)) {
    // add items: they move to this job
    for (const raw of body.items) {
      const item = itemOf(ctx, reduceId(raw) ?? -1);
      item.job = job.id;
      item.modified = ctx.now.toISOString();
    }
  } else if (isRecord(body.metadata)) {
    const metadata = body.metadata;
    const items = commandItems(ctx, job, metadata.ids);
    const itemsIds = items.map((item) => item.id);
    const modified = () => {
      for (const item of items) item.modified = new Date().toISOString();
    };
    if (metadata.validate === true) {
      const validationJob = stateOf(ctx.db).nextValidationJob++;
      const user = ctx.user;
      command = startCommand(ctx, {
        job: job.id,
        kind: 'validate',
        itemsIds,
        fields: [],
        validationJob,
        apply: () => {
          for (const item of items) {
            if (item.status === S.ready && ctx.db.importItems.includes(item))
              importItem(ctx.db, item, user, new Date());
          }
          if (itemsOfJob(ctx.db, job.id).every((item) => item.status === S.imported)) job.status = 'done';
        },
      });
    } else if (typeof metadata.type === 'string') {
      const type = metadata.type;
      if (!itemResources(ctx.db).some((resource) => resource.resource === type))
        throw new ImportError(400, `Unknown resource ${type}`);
      command = startCommand(ctx, {
        job: job.id,
        kind: 'collection',
        itemsIds,
        fields: ['type'],
        apply: () => {
          for (const item of items) item.type = type;
          modified();
        },
      });
    } else if (isRecord(metadata.data)) {
      const locked = items.find((item) => item.status === S.imported);
      if (locked) throw new ImportError(400, `Item ${locked.id} is already imported`);
      const setters = Object.entries(metadata.data).map(([field, value]) => setterOf(ctx, field, value));
      command = startCommand(ctx, {
        job: job.id,
        kind: 'metadata',
        itemsIds,
        fields: Object.keys(metadata.data),
        apply: () => {
          for (const item of items) {
            for (const set of setters) set(item.metadata);
            if (item.status === S.ready || item.status === S.incomplete) item.status = analysedStatus(item);
          }
          modified();
        },
      });
    } else throw new ImportError(400, 'metadata needs data, type or validate');
  } else throw new ImportError(400, 'The body needs metadata or items');
  touchJob(job, ctx.now);
  const answer = restEnvelope(ctx.request, {
    resource: 'job',
    data: wireJob(ctx.db, job, ctx.user, { withItems: false, maxItems: 0, rights: false, lang: ctx.lang }),
  });
  const action = command
    ? {
        commands: [command.id],
        ...(command.validationJob !== undefined && { validationJob: command.validationJob }),
      }
    : { commands: [] };
  return HttpResponse.json({ ...answer, response: { ...answer.response, $action: action } });
}

export function commandStatus(ctx: Ctx, id: number, ids: number[]): Response {
  jobOf(ctx, id);
  advance(ctx.db, ctx.now.getTime());
  const { commands } = stateOf(ctx.db);
  const data = ids.map((commandId) => {
    const command = commands.get(commandId);
    // a done command is reported once, then forgotten; a forgotten one is done
    if (!command) return { id: commandId, done: true };
    if (command.applied) commands.delete(commandId);
    return {
      id: commandId,
      done: command.applied,
      kind: command.kind,
      itemsIds: command.itemsIds,
      fields: command.fields,
      ...(command.validationJob !== undefined && { validationJob: command.validationJob }),
    };
  });
  return envelope(ctx, 'command', data);
}

export function jobChanges(ctx: Ctx, id: number): Response {
  const job = jobOf(ctx, id);
  const { changesSeen } = stateOf(ctx.db);
  const key = `${job.id}:${ctx.user.id}`;
  const since = changesSeen.get(key) ?? '';
  const changed = itemsOfJob(ctx.db, job.id).filter((item) => (item.modified ?? item.$datatime) > since);
  changesSeen.set(key, ctx.now.toISOString());
  const options = { workflows: false, simu: false, rights: false, lang: ctx.lang, writable: true };
  return envelope(
    ctx,
    'item',
    changed.map((item) => wireItem(ctx.db, item, options)),
  );
}
