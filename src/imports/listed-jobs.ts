import { useEffect, useMemo } from 'react';
import { listFetchRequested, listRegistered } from '../../streams/imports/events';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { type JobView, jobView } from './model';
import { LIST_NAME, readJobs, readList } from './select';

/**
 * The jobs of the imports screen's list, read again when a dialog that picks among them opens
 * (another job to move items to or to add as a sub-import, an owner the list names).
 */
export function useListedJobs(): JobView[] {
  const dispatch = useDispatch();
  const list = useAppState(readList, LIST_NAME);
  const jobs = useAppState(readJobs);
  useEffect(() => {
    dispatch(listRegistered({ name: LIST_NAME }));
    dispatch(listFetchRequested({ name: LIST_NAME }));
  }, [dispatch]);
  return useMemo(
    () =>
      (list?.jobIds ?? []).flatMap((id) => {
        const job = jobs[id];
        return job?.data && !job.deleted ? [jobView(job.data as Record<string, unknown>)] : [];
      }),
    [list?.jobIds, jobs],
  );
}
