/**
 * Long work done in slices, so the demo server answers other requests in between (issue 27): a
 * request thread held for a whole zip of 2 000 pictures kept others waiting for seconds. Works in
 * Node and in a browser (the demo in a service worker).
 */

/** Lets the requests waiting meanwhile be answered before the work goes on. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * `work` on each item, at most `limit` at once, the answers in the items' order. A failure stops
 * new work and rejects once the work running has settled.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        answers[index] = await work(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = Array.from({ length: Math.min(limit, items.length) }, lane);
  const settled = await Promise.allSettled(lanes);
  const failure = settled.find((lane) => lane.status === 'rejected');
  if (failure) throw failure.reason;
  return answers;
}

/** Items serialised per slice: a few milliseconds of work each. */
const ITEMS_PER_SLICE = 100;

/** Stands for the list while the rest of the document is serialised: NUL never survives a cleaned name. */
const LIST_MARK = JSON.stringify('\u0000list\u0000');

/**
 * A JSON document serialised as it is read, its long list a slice of items at a time, with a turn
 * for other requests between slices: `document` holds the list's place at `path` (any value there is
 * replaced), and `toJson` turns each item into what the list holds when its slice comes.
 */
export function jsonInSlices<T>(
  document: Record<string, unknown>,
  path: readonly string[],
  items: readonly T[],
  toJson: (item: T) => unknown,
): ReadableStream<Uint8Array> {
  const shell = JSON.stringify(withPath(document, path, JSON.parse(LIST_MARK)));
  const at = shell.indexOf(LIST_MARK);
  const encoder = new TextEncoder();
  let sent = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`${shell.slice(0, at)}[`));
    },
    async pull(controller) {
      if (sent > 0) await nextTurn();
      const slice = items.slice(sent, sent + ITEMS_PER_SLICE);
      const text = slice.map((item) => JSON.stringify(toJson(item))).join(',');
      controller.enqueue(encoder.encode(`${sent > 0 && slice.length > 0 ? ',' : ''}${text}`));
      sent += slice.length;
      if (sent < items.length) return;
      controller.enqueue(encoder.encode(`]${shell.slice(at + LIST_MARK.length)}`));
      controller.close();
    },
  });
}

/** A copy of `document` with the value at `path` replaced by `value`. */
function withPath(document: Record<string, unknown>, path: readonly string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = (document[head] ?? {}) as Record<string, unknown>;
  return { ...document, [head]: withPath(inner, rest, value) };
}
