let requestCounter = 0;

/** A request id made by a view (it keys the request's outcome in the imports slice). */
export function nextRequestId(prefix: string): string {
  requestCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${requestCounter}`;
}
