import {
  type CommandRequest,
  selectImportCommandRequests,
  selectImportCommands,
} from '../../streams/imports/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { PendingWrite } from '../outbox/pending-write';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/**
 * The job's failed command requests that still stand: a failure is said until a later request of
 * the same kind (its "Try again": Validate pressed again) is made, so a success does not sit
 * beside an old failure. Requests come in the order they were made.
 */
export function standingFailures(requests: readonly CommandRequest[], jobId: string): CommandRequest[] {
  const latest = new Map<string, CommandRequest>();
  for (const request of requests) if (request.jobId === jobId) latest.set(request.kind, request);
  return [...latest.values()].filter((request) => request.status === 'error' || request.status === 'invalid');
}

/** The commands this job's writes started, said while they run (polled by the imports domain). */
export function RunningCommands({ jobId }: { jobId: string }) {
  const t = useTranslate();
  const running = useAppState(selectImportCommands, jobId);
  const requests = useAppState(selectImportCommandRequests, jobId);
  const failed = standingFailures(requests, jobId);
  if (running.length === 0 && failed.length === 0) return null;
  return (
    <div className="imports-commands">
      {running.length > 0 && (
        <ul role="status" aria-label={t('imports.commands')}>
          {running.map((command) => (
            <li key={command.id}>{t('imports.commandRunning', { id: command.id })}</li>
          ))}
        </ul>
      )}
      {failed.map((request) => (
        // kept by the outbox (a 5xx, no answer): said as kept, it goes again by itself
        <PendingWrite key={request.requestId} requestId={request.failedIntent} pending="imports.actionKept">
          <ErrorMessage
            lead={t('imports.actionFailed')}
            error={request.error ?? { code: 'error', message: request.message ?? '' }}
          />
        </PendingWrite>
      ))}
    </div>
  );
}
