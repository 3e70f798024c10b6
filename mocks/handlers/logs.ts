import { HttpResponse, http } from 'msw';
import { z } from 'zod';
import { runtime } from '../runtime';
import { formFields, parseJson } from './form';
import { errorResponse } from './respond';

/** One entry of `MESSAGE` (protocol §5); `hash` and `level` may be numbers or text. */
const logEntrySchema = z.object({
  name: z.string(),
  hash: z.union([z.string(), z.number()]),
  count: z.number().int().positive(),
  level: z.union([z.number(), z.string()]),
  message: z.string(),
  times: z.array(z.number()),
});

const logBatchSchema = z.array(logEntrySchema);

/** Client log submission: form `TYPE=LOGS`, `MESSAGE=<JSON array>`; the entries are kept for tests. */
export const logHandlers = [
  http.post('*/api/packaged/portal/log', async ({ request }) => {
    const form = await formFields(request);
    if (!form) return errorResponse(400, 'Expected a form body with TYPE and MESSAGE');
    if (form.get('TYPE') !== 'LOGS') return errorResponse(400, 'TYPE must be LOGS');
    const message = form.get('MESSAGE');
    if (typeof message !== 'string') return errorResponse(400, 'MESSAGE is missing');
    const json = parseJson(message);
    if (!json.ok) return errorResponse(400, 'MESSAGE is not JSON');
    const batch = logBatchSchema.safeParse(json.value);
    if (!batch.success)
      return errorResponse(400, `MESSAGE is not a list of log entries: ${z.prettifyError(batch.error)}`);
    const receivedAt = Date.now();
    runtime.clientLogs.push(...batch.data.map((entry) => ({ receivedAt, ...entry })));
    return HttpResponse.json({});
  }),
];
