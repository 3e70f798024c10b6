import type { WithImports } from '../../streams/imports/selectors';
import type { ImportJob } from '../../streams/imports/selectors';

/**
 * What the import screens read of the imports slice: thin reads of `streams/imports` state, each
 * memoised on the parts it reads so a grid of 10 000 items re-renders only when they change.
 */

export const LIST_NAME = 'imports.screen';

export const readList = (state: WithImports, name: string) => state.imports.lists[name] ?? null;

export const readJob = (state: WithImports, jobId: string): ImportJob | null =>
  state.imports.jobs[jobId] ?? null;

export const readJobs = (state: WithImports) => state.imports.jobs;

export const readItems = (state: WithImports) => state.imports.items;

export const readCreate = (state: WithImports, requestId: string | null) =>
  requestId ? (state.imports.creates[requestId] ?? null) : null;

export const readConcurrency = (state: WithImports): number | null => state.imports.uploads.concurrency;

export const readFailedUploads = (state: WithImports, jobId: string) =>
  state.imports.uploads.failed[jobId] ?? EMPTY;

export const readToResume = (state: WithImports) => state.imports.uploads.toResume;

export const readCommands = (state: WithImports) => state.imports.commands;

export const readCommandRequests = (state: WithImports) => state.imports.commandRequests;

const EMPTY: never[] = [];
