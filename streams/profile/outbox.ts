import { declareWrites } from '../outbox/events';
import {
  localeChanged,
  localeChangeFailed,
  localeChangeRequested,
  patched,
  patchFailed,
  patchRequested,
} from './events';

/**
 * The profile's writes the outbox keeps (issue 25): the same fields or language saved twice are
 * saved once, so they go again without a read.
 */
declareWrites([
  {
    domain: 'profile',
    intent: patchRequested,
    answers: [patched],
    failures: [patchFailed],
    label: () => ({ key: 'outbox.profile.patch', values: {} }),
  },
  {
    domain: 'profile',
    intent: localeChangeRequested,
    answers: [localeChanged],
    failures: [localeChangeFailed],
    label: (payload: { locale: string }) => ({
      key: 'outbox.profile.locale',
      values: { locale: payload.locale },
    }),
  },
]);
