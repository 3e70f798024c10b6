import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { localeReady } from '../../src/i18n/locales';

// vitest runs without globals, so Testing Library cannot register its own cleanup
afterEach(() => cleanup());

// every domain's code, as in tests/helpers/setup-node.ts
import './all-domains';

// the French shell messages arrive on demand in the portal (src/i18n/locales.ts): views tested in French have them
await localeReady('fr');
