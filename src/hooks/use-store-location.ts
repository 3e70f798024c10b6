import { useCallback } from 'react';
import { navigated } from '../../streams/router/events';
import { selectLocation } from '../../streams/router/selectors';
import { useAppState } from './use-app-state';
import { useDispatch } from './use-dispatch';

/** Splits `"/a?b=1"` into path and search, the way the router state keeps them. */
function splitTarget(to: string): { path: string; search: string } {
  const index = to.indexOf('?');
  return index < 0 ? { path: to, search: '' } : { path: to.slice(0, index), search: to.slice(index) };
}

/**
 * wouter location hook backed by the store: the route is state, so a replay shows the page the
 * user was on, and navigating is an event.
 */
export function useStoreLocation(): [string, (to: string, options?: { replace?: boolean }) => void] {
  const { path } = useAppState(selectLocation);
  const dispatch = useDispatch();
  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) =>
      dispatch(navigated({ ...splitTarget(to), via: options?.replace ? 'replace' : 'link' })),
    [dispatch],
  );
  return [path, navigate];
}

/** wouter search hook: the query string without its `?`. */
export function useStoreSearch(): string {
  return useAppState(selectLocation).search.replace(/^\?/, '');
}
