import { defer, filter, type Observable, of } from 'rxjs';
import type { Deps } from '../core/deps';
import type { StateObservable } from '../core/epic';
import type { AnyEvent, AppEvent, UnstampedEvent } from '../core/event';
import type { HttpRequest } from '../core/http';
import { requestAnswer } from '../core/request';
import { receivedFact } from '../tabs/events';
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

type DownloadFact = {
  type: string;
  match(event: { type: string }): event is AppEvent<string, { downloadId: string }>;
};

/**
 * The events of these types about one download, whether they happened here or another tab told
 * them (issue 25): a download polled or canceled in another tab ends its steps here too.
 */
export function aboutDownload(
  event$: Observable<AnyEvent>,
  downloadId: string,
  ...definitions: DownloadFact[]
): Observable<AnyEvent> {
  return event$.pipe(
    filter((event) =>
      definitions.some(
        (definition) =>
          (definition.match(event) ? event.payload : receivedFact(event, definition))?.downloadId ===
          downloadId,
      ),
    ),
  );
}

/** A flow step stops when the user cancels its download, in this tab or another. */
export function untilCanceled(event$: Observable<AnyEvent>, downloadId: string) {
  return aboutDownload(event$, downloadId, canceled);
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
