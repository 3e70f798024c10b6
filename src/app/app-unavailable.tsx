import { availabilityRetryRequested } from '../../streams/app/events';
import { selectAvailabilityFailure } from '../../streams/app/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';

/** A failed availability check: the portal goes on as available, and says it could not check. */
export function AvailabilityNotice() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const failure = useAppState(selectAvailabilityFailure);
  if (!failure) return null;
  return (
    <ErrorMessage
      role="status"
      className="availability-notice"
      lead={t('unavailable.checkFailed')}
      error={failure}
      onRetry={() => dispatch(availabilityRetryRequested({}))}
    />
  );
}
