import { useEffect, useMemo } from 'react';
import { listFetchRequested, listRegistered } from '../../streams/imports/events';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { type JobView, jobView } from './model';
import { selectImportListJobs } from '../../streams/imports/selectors';

/**
 * The jobs of the imports screen's list, read again when a dialog that picks among them opens
 * (another job to move items to or to add as a sub-import, an owner the list names).
 */
/** The list of the imports screen (and of the dialogs that pick another import). */
export const LIST_NAME = 'imports.screen';

export function useListedJobs(): JobView[] {
  const dispatch = useDispatch();
  const jobs = useAppState(selectImportListJobs, LIST_NAME);
  useEffect(() => {
    dispatch(listRegistered({ name: LIST_NAME }));
    dispatch(listFetchRequested({ name: LIST_NAME }));
  }, [dispatch]);
  return useMemo(
    () => jobs.flatMap((job) => (job.data ? [jobView(job.data as Record<string, unknown>)] : [])),
    [jobs],
  );
}
