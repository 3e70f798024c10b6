import { useCallback, useMemo } from 'react';
import { navigated } from '../../streams/router/events';
import { selectLocation } from '../../streams/router/selectors';
import { formatSearch, parseSearch, SEARCH_ROUTE, type SearchParams } from '../../streams/search/url';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';

/**
 * The search the address describes, and a way to change it: the address is written with
 * `replace` (one history entry per visit of the screen), and the list follows it
 * (streams/search/epics.ts).
 */
export function useSearchParams(): [SearchParams, (change: Partial<SearchParams>) => void] {
  const { search } = useAppState(selectLocation);
  const dispatch = useDispatch();
  const params = useMemo(() => parseSearch(search), [search]);
  const update = useCallback(
    (change: Partial<SearchParams>) =>
      dispatch(
        navigated({ path: SEARCH_ROUTE, search: formatSearch({ ...params, ...change }), via: 'replace' }),
      ),
    [dispatch, params],
  );
  return [params, update];
}
