import { catchError, isObservable, mergeMap, type Observable, of } from 'rxjs';
import { type SerializedError, serializeError } from '../core/errors';
import type { UnstampedEvent } from '../core/event';
import { asEvents, type Emitted } from '../core/request';
import type { WithPages } from './selectors';
import type { selectOutboxEntries } from '../outbox/selectors';

/** The state the page epics read, shared by the page epics and the block epics. */
export type S = WithPages & Parameters<typeof selectOutboxEntries>[0];

/**
 * A flow of requests turned into events; its failure becomes the failure event (as requestAnswer
 * does), or a flow of its own (a read back after a lost answer).
 */
export function answered<T>(
  flow: Observable<T>,
  succeeded: (value: T) => Emitted | Observable<UnstampedEvent>,
  failed: (error: SerializedError) => Emitted | Observable<UnstampedEvent>,
): Observable<UnstampedEvent> {
  const events = (out: Emitted | Observable<UnstampedEvent>) =>
    isObservable(out) ? out : of(...asEvents(out));
  return flow.pipe(
    mergeMap((value) => events(succeeded(value))),
    catchError((thrown: unknown) => events(failed(serializeError(thrown)))),
  );
}

export const PAGE_MESSAGES = {
  save: 'The page could not be saved',
  publish: 'The page could not be published',
  unsaved: 'Save the changes before publishing',
  add: 'The block could not be added',
  move: 'The block could not be moved',
  cannotMove: 'This block cannot move further',
  holdsParts: 'A block holding other blocks or files moves within its own slot only',
  remove: 'The block could not be removed',
  attachment: 'The file could not be replaced',
  notAFile: 'Choose a file to upload',
  noDraft: 'The page is not being edited',
  notLoaded: 'The page is not loaded',
} as const;

/** A refusal made locally, as an error an event can carry. */
export const refusal = (message: string): SerializedError => ({ code: 'error.pages.refused', message });
export const messageOf = (error: SerializedError, fallback: string): string => error.message || fallback;
