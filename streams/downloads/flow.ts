import { catchError, defer, filter, type Observable, type OperatorFunction, of } from 'rxjs';
import type { AppState } from '../app/reducer';
import type { Deps } from '../core/deps';
import type { StateObservable } from '../core/epic';
import { serializeError } from '../core/errors';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import type { SessionState } from '../session/reducer';
import type * as api from './api';
import { downloadErrors } from './download-errors';
import { canceled, type DownloadRecord, failed } from './events';
import type { DownloadsState } from './reducer';

/** What the download epics read of the state. */
export type DownloadsRoot = { downloads: DownloadsState; app: AppState; session: SessionState };

/** The call target of a record: a shared cart's password comes from the vault, never from state. */
export function targetOf(record: DownloadRecord, deps: Deps): api.ZipTarget {
  return {
    cartId: record.cartId,
    sharePassword: record.shared ? deps.session.sharePassword(record.cartId) : undefined,
  };
}

export function optionsOf(record: DownloadRecord): api.ZipOptions {
  const { profile, withContactSheet, withAssetsDescriptions, selection } = record;
  return { profile, withContactSheet, withAssetsDescriptions, selection };
}

/** A flow step stops when the user cancels its download. */
export function untilCanceled(event$: Observable<AnyEvent>, downloadId: string) {
  return event$.pipe(
    ofType(canceled),
    filter((event) => event.payload.downloadId === downloadId),
  );
}

/** Runs `step` on a known record; an unknown id fails with the spec's message. */
export function withRecord(
  state$: StateObservable<DownloadsRoot>,
  downloadId: string,
  cause: AnyEvent,
  step: (record: DownloadRecord) => Observable<UnstampedEvent>,
): Observable<UnstampedEvent> {
  return defer(() => {
    const record = state$.value.downloads.records[downloadId];
    return record
      ? step(record)
      : of(failed({ downloadId, error: downloadErrors.unknown(downloadId) }, cause));
  });
}

/** Ends a step's failure in `downloads/failed` with the error kept (protocol §7.2). */
export function failWith<T>(downloadId: string, cause: AnyEvent): OperatorFunction<T, T | UnstampedEvent> {
  return catchError((error: unknown) => of(failed({ downloadId, error: serializeError(error) }, cause)));
}
