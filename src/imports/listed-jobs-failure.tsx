import { listFetchRequested } from '../../streams/imports/events';
import { selectImportList } from '../../streams/imports/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { LIST_NAME } from './listed-jobs';
import './messages';

/**
 * In a dialog that picks among the listed imports (owner, target, sub-imports): the list could not
 * be read, so its choices are missing; said, with "Try again", rather than a select left short.
 */
export function ListedJobsFailure() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const list = useAppState(selectImportList, LIST_NAME);
  if (list?.status !== 'error' || !list.error) return null;
  return (
    <ErrorMessage
      lead={t('imports.choicesFailed')}
      error={list.error}
      onRetry={() => dispatch(listFetchRequested({ name: LIST_NAME }))}
      retryLabel={t('imports.retry')}
    />
  );
}
