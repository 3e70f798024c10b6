import { useRoute } from 'wouter';
import { ImportPage } from './import-page';
import { ImportsPage } from './imports-page';

/** `/imports` and `/imports/:id` in one lazy chunk (one route entry less in the first download). */
export function ImportsScreen() {
  const [isJob] = useRoute('/imports/:id');
  return isJob ? <ImportPage /> : <ImportsPage />;
}
