/** The imports slice: mass-import jobs, their items, metadata commands and the upload queues (protocol §15). */
export interface ImportsState {
  byKey: Record<string, never>;
}

export const initialImportsState: ImportsState = { byKey: {} };
