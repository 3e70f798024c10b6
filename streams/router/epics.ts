import { ignoreElements, map, tap } from 'rxjs';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { navigated } from './events';

/** Navigation inside the portal is written to the browser history (never during replay: epics are off). */
export const writeHistory: Epic = (event$, _state$, { history }) =>
  event$.pipe(
    ofType(navigated),
    tap(({ payload }) => {
      const location = { path: payload.path, search: payload.search };
      if (payload.via === 'link') history.push(location);
      else if (payload.via === 'replace') history.replace(location);
    }),
    ignoreElements(),
  );

export const readHistory: Epic = (_event$, _state$, { history }) =>
  history.popped$.pipe(map((location) => navigated({ ...location, via: 'history' })));
