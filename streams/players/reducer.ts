import { caseReducer, on } from '../core/case-reducer';
import { requestKeys } from './api';
import {
  actionChosen,
  actionsListed,
  descriptionRequested,
  embedRequested,
  fetchFailed,
  fetchStarted,
  frameClosed,
  frameDisplayed,
  frameLoaded,
  frameOpened,
  freePlayerRequested,
  loaded,
  loadingShown,
  playerRequested,
  scriptAwaited,
  scriptFailed,
  scriptReady,
} from './events';
import { mediaKey } from './model';
import type { MediaEntry, PlayersState } from './state';

const targetKey = (kind: string, resource: string, id: string) => `${kind}:${mediaKey(resource, id)}`;

const emptyEntry = (kind: MediaEntry['kind']): MediaEntry => ({
  kind,
  status: 'unknown',
  data: null,
  fetchedAt: null,
  error: null,
});

export const playersReducer = caseReducer<PlayersState>(
  // the key an asset's view reads: the URL last asked for it (its size may change)
  on(playerRequested, (draft, { payload }) => {
    draft.keyOf[targetKey('player', payload.resource, payload.id)] = requestKeys.player(payload);
  }),
  on(embedRequested, (draft, { payload }) => {
    draft.keyOf[targetKey('embed', payload.resource, payload.id)] = requestKeys.embed(payload);
  }),
  on(freePlayerRequested, (draft) => {
    draft.keyOf['free:'] = requestKeys.free();
  }),
  on(descriptionRequested, (draft, { payload }) => {
    draft.keyOf[targetKey('description', payload.resource, payload.id)] = requestKeys.description(
      payload.resource,
      payload.id,
    );
  }),
  on(fetchStarted, (draft, { payload }) => {
    const entry = draft.byKey[payload.key] ?? emptyEntry(payload.kind);
    entry.status = 'fetching';
    entry.error = null;
    draft.byKey[payload.key] = entry;
  }),
  on(loaded, (draft, { payload }) => {
    draft.byKey[payload.key] = {
      kind: payload.kind,
      status: 'loaded',
      data: payload.data,
      fetchedAt: payload.fetchedAt,
      error: null,
    };
  }),
  on(fetchFailed, (draft, { payload }) => {
    const entry = draft.byKey[payload.key] ?? emptyEntry(payload.kind);
    entry.status = 'error';
    entry.error = payload.error;
    draft.byKey[payload.key] = entry;
  }),
  on(actionsListed, (draft, { payload }) => {
    draft.actions[mediaKey(payload.resource, payload.id)] = payload.actions.map(({ action }) => ({ action }));
  }),
  on(actionChosen, (draft, { payload }) => {
    draft.chosen[mediaKey(payload.resource, payload.id)] = payload.action;
  }),
  on(frameOpened, (draft, { payload }) => {
    draft.frames[mediaKey(payload.resource, payload.id)] = 'opening';
  }),
  on(loadingShown, (draft, { payload }) => {
    const key = mediaKey(payload.resource, payload.id);
    if (draft.frames[key] === 'opening') draft.frames[key] = 'loading';
  }),
  on(frameLoaded, (draft, { payload }) => {
    const key = mediaKey(payload.resource, payload.id);
    if (draft.frames[key] === 'opening' || draft.frames[key] === 'loading') draft.frames[key] = 'ready';
  }),
  on(frameDisplayed, (draft, { payload }) => {
    const key = mediaKey(payload.resource, payload.id);
    if (draft.frames[key] === 'ready') draft.frames[key] = 'shown';
  }),
  on(frameClosed, (draft, { payload }) => {
    const key = mediaKey(payload.resource, payload.id);
    // the actions were the frame's: gone with it, listed again when it loads again
    delete draft.frames[key];
    delete draft.chosen[key];
    delete draft.actions[key];
  }),
  on(scriptAwaited, (draft, { payload }) => {
    draft.scripts[payload.name] = { status: 'fetching', message: null };
  }),
  on(scriptReady, (draft, { payload }) => {
    draft.scripts[payload.name] = { status: 'loaded', message: null };
  }),
  on(scriptFailed, (draft, { payload }) => {
    draft.scripts[payload.name] = { status: 'error', message: payload.message };
  }),
);
