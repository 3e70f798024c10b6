import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllDomains } from '../../streams/root';

// vitest runs without globals, so Testing Library cannot register its own cleanup
afterEach(() => cleanup());

// every domain's code, as in tests/helpers/setup-node.ts
await loadAllDomains();
