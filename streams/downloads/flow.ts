import { defer, filter, type Observable, of } from 'rxjs';
import type { Deps } from '../core/deps';
import type { StateObservable } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import type { HttpRequest } from '../core/http';
import { ofType } from '../core/operators/of-type';
import { requestAnswer } from '../core/request';
import type * as api from './api';
import { downloadErrors } from './download-errors';
import { canceled, type DownloadRecord, failed } from './events';
import type { DownloadsRoot } from './state';

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

/** One request of a download's flow: its answer, or `downloads/failed` with the error kept (protocol §7.2). */
export function flowRequest<T>(
  deps: Deps,
  request: HttpRequest<T>,
  downloadId: string,
  cause: AnyEvent,
  succeeded: (data: T, status: number) => UnstampedEvent,
): Observable<UnstampedEvent> {
  return requestAnswer(deps.http, request, succeeded, (error) => failed({ downloadId, error }, cause));
}
