import type { Draft } from 'immer';
import { type Case, on } from '../core/case-reducer';
import type { SerializedError } from '../core/errors';
import {
  collectionChangeRequested,
  commandFailed,
  commandRefused,
  commandStarted,
  type CommandKind,
  commandStatusLoaded,
  metadataSetRequested,
  validateRequested,
} from './events';
import { itemsPatched, itemsPatchRequested } from './manage-events';
import type { ImportsState } from './state';

// Metadata command requests and the server commands they started, until all are done.

type S = Draft<ImportsState>;

function requestCommand(state: S, payload: { requestId: string; jobId: string }, kind: CommandKind): void {
  state.commandRequests[payload.requestId] = {
    requestId: payload.requestId,
    jobId: payload.jobId,
    kind,
    status: 'resolving',
    commandIds: [],
    validationJob: null,
    message: null,
    error: null,
  };
}

/** A request refused or failed before any command ran: kept in error, with what to show. */
function failRequest(
  state: S,
  payload: { requestId: string; jobId: string; kind: CommandKind },
  message: string,
  error: SerializedError | null,
  /** the intent whose request failed, kept by the outbox to be sent again */
  failedIntent?: string,
): void {
  requestCommand(state, payload, payload.kind);
  Object.assign(state.commandRequests[payload.requestId]!, {
    status: 'error',
    message,
    error,
    ...(failedIntent !== undefined && { failedIntent }),
  });
}

export const commandCases: Case<ImportsState>[] = [
  on(metadataSetRequested, (state: S, { payload }) => requestCommand(state, payload, 'metadata')),
  on(collectionChangeRequested, (state: S, { payload }) => requestCommand(state, payload, 'collection')),
  on(validateRequested, (state: S, { payload }) => requestCommand(state, payload, 'validate')),
  on(itemsPatchRequested, (state: S, { payload }) => requestCommand(state, payload, 'patch')),
  on(itemsPatched, (state: S, { payload }) => {
    const request = state.commandRequests[payload.requestId];
    if (request) request.status = 'loaded';
  }),
  on(commandStarted, (state: S, { payload }) => {
    state.commandRequests[payload.requestId] = {
      requestId: payload.requestId,
      jobId: payload.jobId,
      kind: payload.kind,
      status: payload.commandIds.length ? 'resolved' : 'loaded',
      commandIds: payload.commandIds,
      validationJob: payload.validationJob ?? null,
      message: null,
      error: null,
    };
    for (const id of payload.commandIds)
      state.commands[id] = {
        id,
        jobId: payload.jobId,
        requestId: payload.requestId,
        kind: payload.kind,
        itemIds: payload.itemIds,
        fields: payload.fields,
      };
  }),
  on(commandRefused, (state: S, { payload }) => failRequest(state, payload, payload.message, null)),
  on(commandFailed, (state: S, { payload, meta }) =>
    failRequest(state, payload, payload.error.message, payload.error, meta.cause),
  ),
  on(commandStatusLoaded, (state: S, { payload }) => {
    const touched = new Set<string>();
    for (const status of payload.statuses) {
      const command = state.commands[status.id];
      if (!command || !status.done) continue;
      touched.add(command.requestId);
      delete state.commands[status.id];
    }
    for (const requestId of touched) {
      const request = state.commandRequests[requestId];
      if (request?.commandIds.every((id) => !state.commands[id])) request.status = 'loaded';
    }
  }),
];
