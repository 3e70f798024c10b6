import * as z from 'zod/mini';
import type { HttpRequest, MultipartValue } from '../core/http';
import { itemSchema, jobSchema } from './events';
import { signatureOf } from '../core/signature';
import { wireId } from '../core/wire-id';

/** Calls of protocol §15.1. Every answer is validated here (loosely: the client reads few fields). */

const JOB = '/rest/massimport/job';
const ITEM = '/rest/massimport/item';
const DATA_ITEM = '/rest/massimport/data/item';
const DATA_JOB = '/rest/massimport/data/job';

const idText = z.pipe(
  z.union([z.number(), z.string()]),
  z.transform((value) => String(value)),
);

const jobListSchema = z.looseObject({
  response: z.looseObject({ data: z.array(jobSchema) }),
  links: z.optional(z.looseObject({ next: z.optional(z.nullable(z.string())) })),
});
type JobListAnswer = z.infer<typeof jobListSchema>;

const jobAnswerSchema = z.looseObject({ response: z.looseObject({ data: jobSchema }) });
const totalSchema = z.looseObject({ response: z.looseObject({ total: z.number() }) });

// --- jobs ---------------------------------------------------------------------------------------

export function listJobs(
  query: Record<string, unknown> | null,
  after: string | null,
  maxItems: number,
): HttpRequest<JobListAnswer> {
  return {
    method: 'GET',
    path: JOB,
    query: {
      after: after ?? undefined,
      // the reference sends the list's query even when it is empty (`{}`), as §15.1 lists it
      query: query ?? {},
      orderby: 'created desc',
      withItems: true,
      maxItems,
      withRights: true,
    },
    schema: jobListSchema,
  };
}

export function fetchJob(jobId: string, withItems: boolean): HttpRequest<z.infer<typeof jobAnswerSchema>> {
  return {
    method: 'GET',
    path: `${JOB}/${jobId}`,
    query: { withItems, withRights: true },
    schema: jobAnswerSchema,
  };
}

/** Keys lower-cased, deeply (protocol §15.1 Create job). */
function lowerCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerCaseKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key.toLowerCase(),
      lowerCaseKeys(inner),
    ]),
  );
}

export function createJob(
  description: Record<string, unknown>,
): HttpRequest<z.infer<typeof jobAnswerSchema>> {
  return {
    method: 'POST',
    path: JOB,
    body: { multipart: { json: JSON.stringify(lowerCaseKeys(description)) } },
    schema: jobAnswerSchema,
  };
}

export function deleteJob(jobId: string, deleteItems?: boolean): HttpRequest<undefined> {
  return {
    method: 'DELETE',
    path: `${JOB}/${jobId}`,
    query: { withSecondaryJobs: false, deleteItems },
  };
}

export function patchJob(jobId: string, json: Record<string, unknown>): HttpRequest<undefined> {
  return { method: 'PATCH', path: `${JOB}/${jobId}`, body: { json } };
}

export function countItems(jobId: string): HttpRequest<z.infer<typeof totalSchema>> {
  return {
    method: 'GET',
    path: `${JOB}/${jobId}/item`,
    query: { withData: false, withAggregates: false },
    schema: totalSchema,
  };
}

const bucketSchema = z.looseObject({
  count: z.number(),
  data: z.optional(z.nullable(z.looseObject({ id: z.optional(z.unknown()) }))),
});
const statusCountsSchema = z.looseObject({
  response: z.looseObject({
    total: z.number(),
    aggregates: z.optional(z.record(z.string(), z.array(bucketSchema))),
  }),
});

/** Counts of a job's items by status (aggregates, no data). */
export function statusCounts(jobId: string): HttpRequest<z.infer<typeof statusCountsSchema>> {
  return {
    method: 'GET',
    path: `${JOB}/${jobId}/item`,
    query: { withData: false, withAggregates: true, aggfields: 'status' },
    schema: statusCountsSchema,
  };
}

export function countsOf(answer: z.infer<typeof statusCountsSchema>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const bucket of answer.response.aggregates?.status ?? []) {
    const id = bucket.data?.id;
    if (id !== undefined && id !== null) counts[String(id)] = bucket.count;
  }
  return counts;
}

export function analyzingCount(jobId: string): HttpRequest<z.infer<typeof totalSchema>> {
  return {
    method: 'GET',
    path: DATA_ITEM,
    query: { aggfields: 'job', query: { job: { eq: Number(jobId) }, status: { eq: 2 } }, withData: false },
    schema: totalSchema,
  };
}

const wordsSchema = z.looseObject({ response: z.looseObject({ data: z.array(z.unknown()) }) });

export function jobWords(jobId: string, fulltext: string): HttpRequest<z.infer<typeof wordsSchema>> {
  return {
    method: 'GET',
    path: `${JOB}/${jobId}/items`,
    query: { suggest: 'words', fulltext },
    schema: wordsSchema,
  };
}

/** Words as text: a suggestion may be a word or an object naming it. */
export function wordsOf(data: readonly unknown[]): string[] {
  return data
    .map((entry) =>
      typeof entry === 'string'
        ? entry
        : typeof entry === 'object' && entry !== null
          ? String((entry as Record<string, unknown>).word ?? (entry as Record<string, unknown>).name ?? '')
          : '',
    )
    .filter(Boolean);
}

const itemsAnswerSchema = z.looseObject({
  response: z.looseObject({ data: z.array(itemSchema) }),
  links: z.optional(z.looseObject({ moreResultsToken: z.optional(z.nullable(z.string())) })),
  headers: z.optional(z.looseObject({ $assetmetadata: z.optional(z.unknown()) })),
  $assetmetadataresources: z.optional(z.unknown()),
});
export type ItemsAnswer = z.infer<typeof itemsAnswerSchema>;

export function jobChanges(jobId: string): HttpRequest<ItemsAnswer> {
  return {
    method: 'GET',
    path: `${JOB}/${jobId}/changes`,
    query: { longPolling: 0 },
    schema: itemsAnswerSchema,
  };
}

export function jobWorkflow(jobId: string, action: string): HttpRequest<z.infer<typeof jobAnswerSchema>> {
  return {
    method: 'POST',
    path: `${DATA_JOB}/${jobId}/workflow`,
    query: { workflowAction: action },
    schema: z.looseObject({ response: z.looseObject({ data: jobSchema }) }),
  };
}

// --- items --------------------------------------------------------------------------------------

interface ItemsSearch {
  fulltext?: string | undefined;
  query?: Record<string, unknown> | undefined;
  state?: string | undefined;
  orderby?: string | undefined;
}

/** The search's `state` (§15.1): the signature of what makes its answer, as every list's (§8.2). */
export function itemsSearchSignature(search: ItemsSearch): string {
  return signatureOf([search.query ?? {}, search.fulltext ?? '', search.orderby ?? null]);
}

export function searchItems(
  jobId: string,
  search: ItemsSearch,
  after: string | null,
  max: number,
): HttpRequest<ItemsAnswer> {
  return {
    method: 'GET',
    path: `${JOB}/${jobId}/item`,
    query: {
      after: after ?? undefined,
      fulltext: search.fulltext ?? '',
      headers: false,
      max,
      orderby: search.orderby,
      props: 'id,status',
      query: search.query ?? {},
      state: search.state ?? itemsSearchSignature(search),
      techProps: '$lockedby,$nextresulttoken,$score',
      withSimu: false,
      workflows: true,
    },
    schema: itemsAnswerSchema,
  };
}

/** Items by id, simulated (POST with override GET, form body). */
export function itemsById(jobId: string, ids: readonly string[]): HttpRequest<ItemsAnswer> {
  return itemsWhere(jobId, { id: { in: ids.map(wireId) } });
}

/** A job's items that match `query` (§8.3), simulated (POST with override GET, form body). */
export function itemsWhere(jobId: string, query: Record<string, unknown>): HttpRequest<ItemsAnswer> {
  return {
    method: 'POST',
    override: 'GET',
    path: `${JOB}/${jobId}/item`,
    body: {
      form: {
        headers: false,
        withRights: true,
        withSimu: true,
        workflows: true,
        query,
      },
    },
    schema: itemsAnswerSchema,
  };
}

const itemAnswerSchema = z.looseObject({ response: z.looseObject({ data: z.optional(z.unknown()) }) });

export function transferItem(
  itemId: string,
  targetJobId: string,
): HttpRequest<z.infer<typeof itemAnswerSchema>> {
  return {
    method: 'PATCH',
    path: `${DATA_ITEM}/${itemId}`,
    body: { json: { job: wireId(targetJobId) } },
    schema: itemAnswerSchema,
  };
}

export function deleteItem(itemId: string): HttpRequest<undefined> {
  return { method: 'DELETE', path: `${DATA_ITEM}/${itemId}` };
}

export function itemsWorkflow(ids: readonly string[], action: string): HttpRequest<undefined> {
  return {
    method: 'POST',
    path: `${DATA_ITEM}/${ids.join(',')}/workflow`,
    body: { form: { workflowAction: action, workflows: true } },
  };
}

/** One item's workflow step (seed 001 §7): the action in the query string, no body; the answer is the item. */
export function itemWorkflow(itemId: string, action: string): HttpRequest<z.infer<typeof itemAnswerSchema>> {
  return {
    method: 'POST',
    path: `${DATA_ITEM}/${itemId}/workflow`,
    query: { workflowAction: action, workflows: true },
    schema: itemAnswerSchema,
  };
}

/** Bulk patch of many items (seed 001 §7): POST with override PATCH, form field `json`; the answer is not read. */
export function bulkPatch(ids: readonly string[], data: Record<string, unknown>): HttpRequest<undefined> {
  return {
    method: 'POST',
    override: 'PATCH',
    path: `${DATA_ITEM}/${ids.join(',')}`,
    body: { form: { json: adaptValues(data) } },
  };
}

// --- metadata commands --------------------------------------------------------------------------

const commandAnswerSchema = z.looseObject({
  response: z.looseObject({
    $action: z.optional(
      z.looseObject({
        commands: z.optional(z.array(idText)),
        validationJob: z.optional(z.nullable(idText)),
      }),
    ),
  }),
});
type CommandAnswer = z.infer<typeof commandAnswerSchema>;

export function putJob(jobId: string, json: Record<string, unknown>): HttpRequest<CommandAnswer> {
  return { method: 'PUT', path: `${JOB}/${jobId}`, body: { json }, schema: commandAnswerSchema };
}

const commandStatusSchema = z.looseObject({
  response: z.looseObject({ data: z.array(z.looseObject({ id: idText, done: z.optional(z.boolean()) })) }),
});

export function commandStatus(
  jobId: string,
  commandIds: readonly string[],
): HttpRequest<z.infer<typeof commandStatusSchema>> {
  return {
    method: 'GET',
    path: `${JOB}/${jobId}/changes/${commandIds.join(',')}`,
    schema: commandStatusSchema,
  };
}

/** A metadata value as protocol §15.2 wants it: ids, or `{$mode, $values:[ids]}`; objects reduced to their id. */
function adaptValue(value: unknown): unknown {
  const cannot = () => new Error(`cannot adapt ${JSON.stringify(value)}`);
  const idOf = (entry: unknown): string | number => {
    if (typeof entry === 'string' || typeof entry === 'number') return entry;
    if (typeof entry === 'object' && entry !== null && 'id' in entry) {
      const id = (entry as { id: unknown }).id;
      if (typeof id === 'string' || typeof id === 'number') return id;
    }
    throw cannot();
  };
  if (value === null) return null;
  if (Array.isArray(value)) return value.map(idOf);
  if (typeof value === 'object' && '$mode' in (value as object)) {
    const { $mode, $values } = value as { $mode: unknown; $values: unknown };
    if (typeof $mode !== 'string' || !Array.isArray($values)) throw cannot();
    return { $mode, $values: $values.map(idOf) };
  }
  return idOf(value);
}

/** Each field's value adapted (`adaptValue`); throws `cannot adapt` on the first that is not. */
function adaptValues(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([field, value]) => [field, adaptValue(value)]));
}

export function setMetadataBody(
  itemIds: readonly string[],
  data: Record<string, unknown>,
): Record<string, unknown> {
  return { metadata: { ids: itemIds.map(wireId), data: adaptValues(data) } };
}
export function changeCollectionBody(itemIds: readonly string[], resource: string): Record<string, unknown> {
  return { metadata: { ids: itemIds.map(wireId), type: resource } };
}
export function validateBody(itemIds: readonly string[]): Record<string, unknown> {
  return { metadata: { ids: itemIds.map(wireId), validate: true } };
}

// --- upload -------------------------------------------------------------------------------------

const uploadAnswerSchema = z.looseObject({ response: z.looseObject({ data: z.optional(z.unknown()) }) });
type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/** Upload: the file under its field name, `json` referencing it by `cid:` (protocol §15.1). */
export function upload(
  jobId: string,
  file: Blob & { name?: string },
  name: string,
  unzip: boolean,
): HttpRequest<UploadAnswer> {
  const json = { job: wireId(jobId), binary: 'cid:binary', name };
  const multipart: Record<string, MultipartValue> = { json: JSON.stringify(json), binary: file };
  return { method: 'POST', path: ITEM, query: { unzip }, body: { multipart }, schema: uploadAnswerSchema };
}

/**
 * Why an upload was refused, as the error code of the answer (`{status}/{subcode}`): protocol §2.2
 * names 400/9 and 400/17 (a format refused); the others are the demo server's, so each refusal can
 * be put in the user's words (README "Upload refusals"). A server without them answers a bare 400 or
 * 413, and the client shows its message.
 */
export const UPLOAD_REFUSALS = {
  format: '400/9',
  damaged: '400/30',
  unreadableZip: '400/31',
  tooLarge: '413/1',
  tooManyPixels: '413/2',
  zipEntries: '413/3',
  zipTooLarge: '413/4',
  zipBomb: '413/5',
  zipTimeout: '413/6',
} as const;
export type UploadRefusal = keyof typeof UPLOAD_REFUSALS;

/** The item an answer carries, when it is one. */
export function itemOf(data: unknown): z.infer<typeof itemSchema> | null {
  const candidate = Array.isArray(data) ? data[0] : data;
  const parsed = itemSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The item workflow (§15.1 Workflow list): its states, each with the `actions[]` it offers. */
const workflowListSchema = z.looseObject({
  response: z.looseObject({
    data: z.array(
      z.looseObject({
        actions: z.optional(
          z.nullable(z.array(z.looseObject({ name: z.string(), label: z.optional(z.nullable(z.string())) }))),
        ),
      }),
    ),
  }),
});
export type WorkflowListAnswer = z.infer<typeof workflowListSchema>;

/** Every state's actions, once per name (as the reference gathers them), as `{action, label}`. */
export function workflowActions(answer: WorkflowListAnswer): Array<{ action: string; label: string }> {
  const actions = new Map<string, string>();
  for (const state of answer.response.data) {
    for (const { name, label } of state.actions ?? [])
      if (!actions.has(name)) actions.set(name, label ?? name);
  }
  return [...actions].map(([action, label]) => ({ action, label }));
}

export function workflowList(): HttpRequest<z.infer<typeof workflowListSchema>> {
  return { method: 'GET', path: `${DATA_ITEM}/workflow`, schema: workflowListSchema };
}

export function addItemsBody(itemIds: readonly string[]): Record<string, unknown> {
  return { items: itemIds.map(wireId) };
}
