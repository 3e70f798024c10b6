import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { readCommandRequests, readCommands } from './select';
import './messages';

/** The commands this job's writes started, said while they run (polled by the imports domain). */
export function RunningCommands({ jobId }: { jobId: string }) {
  const t = useTranslate();
  const commands = useAppState(readCommands);
  const requests = useAppState(readCommandRequests);
  const running = Object.values(commands).filter((command) => command.jobId === jobId);
  const failed = Object.values(requests).filter(
    (request) => request.jobId === jobId && (request.status === 'error' || request.status === 'invalid'),
  );
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
        <ErrorMessage
          key={request.requestId}
          lead={t('imports.actionFailed')}
          error={request.error ?? { code: 'error', message: request.message ?? '' }}
        />
      ))}
    </div>
  );
}
