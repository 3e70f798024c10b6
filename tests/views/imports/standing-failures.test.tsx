import { describe, expect, it } from 'vitest';
import type { CommandRequest } from '../../../streams/imports/selectors';
import { standingFailures } from '../../../src/imports/running-commands';

const request = (
  requestId: string,
  kind: CommandRequest['kind'],
  status: CommandRequest['status'],
  jobId = '7',
) =>
  ({
    requestId,
    jobId,
    kind,
    status,
    commandIds: [],
    validationJob: null,
    message: null,
    error: status === 'error' ? { code: 'error.rest.500', message: 'Fault injected' } : null,
  }) as CommandRequest;

describe('failed import commands on the job page (issue 27)', () => {
  it('a failure stands until the same command is asked again; another job or kind keeps its own', () => {
    const validateFailed = request('validate-1', 'validate', 'error');
    expect(standingFailures([validateFailed], '7')).toEqual([validateFailed]);
    // "Validate" pressed again after the faults lifted: the old failure goes, running or done
    expect(standingFailures([validateFailed, request('validate-2', 'validate', 'resolved')], '7')).toEqual(
      [],
    );
    expect(standingFailures([validateFailed, request('validate-2', 'validate', 'loaded')], '7')).toEqual([]);
    const otherKind = request('metadata-1', 'metadata', 'error');
    const otherJob = request('validate-9', 'validate', 'error', '8');
    expect(
      standingFailures(
        [otherKind, validateFailed, otherJob, request('validate-2', 'validate', 'loaded')],
        '7',
      ),
    ).toEqual([otherKind]);
  });
});
