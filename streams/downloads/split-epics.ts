import { EMPTY, filter, mergeMap, of, takeUntil } from 'rxjs';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import * as api from './api';
import { downloadErrors } from './download-errors';
import { cartMeasured, failed, sizeTested, split } from './events';
import { flowRequest, targetOf, untilCanceled, withRecord } from './flow';
import { splitAllowed } from './selectors';
import { splitDownload } from './split';
import type { DownloadsRoot } from './state';

/**
 * Step 3 of protocol §7.2: a refused size ends in `error` when splitting is off; when it is on,
 * the cart's item sizes are read (protocol §7.3) to cut the download into parts.
 */
export const measureRefused: Epic<DownloadsRoot> = (event$, state$, deps) =>
  event$.pipe(
    ofType(sizeTested),
    filter((event) => event.payload.infos.refused),
    mergeMap((event) => {
      const { downloadId, infos } = event.payload;
      if (!splitAllowed(state$.value, deps.config.splitCartDefault)) {
        return of(failed({ downloadId, error: downloadErrors.refused(infos) }, event));
      }
      return withRecord(state$, downloadId, event, (record) =>
        flowRequest(
          deps,
          api.viewCartForSplit(targetOf(record, deps), record.shared),
          downloadId,
          event,
          (data) => cartMeasured({ downloadId, items: api.sizedItems(data, record.selection) }, event),
        ).pipe(takeUntil(untilCanceled(event$, downloadId))),
      );
    }),
  );

/**
 * Cuts the measured download into parts (seed 000 §9). When no item fits, or the cut gives back
 * the whole download again (the server would refuse it again, forever), the download ends in error.
 */
export const splitRefused: Epic<DownloadsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(cartMeasured),
    mergeMap((event) => {
      const { downloadId, items } = event.payload;
      const infos = state$.value.downloads.records[downloadId]?.infos;
      if (!infos) return EMPTY;
      const { parts, skipped } = splitDownload(items, infos.maxSize, infos.warnSize);
      if (parts.length === 0) {
        return of(failed({ downloadId, error: downloadErrors.nothingFits(infos.maxSize) }, event));
      }
      if (parts.length === 1 && skipped.length === 0) {
        return of(failed({ downloadId, error: downloadErrors.unsplittable() }, event));
      }
      const described = parts.map(({ selection, size }) => ({ selection, size }));
      return of(split({ downloadId, parts: described, skipped }, event));
    }),
  );
