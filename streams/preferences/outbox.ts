import { declareWrites } from '../outbox/events';
import { saved, saveFailed, setRequested } from './events';

/**
 * Preferences the outbox keeps (issue 25): a value set twice is the value set once, so it goes
 * again without a read. The first answer settles it (the portal sets one preference at a time).
 */
declareWrites([
  {
    domain: 'preferences',
    intent: setRequested,
    answers: [saved],
    failures: [saveFailed],
    label: () => ({ key: 'outbox.preferences.set', values: {} }),
  },
]);
