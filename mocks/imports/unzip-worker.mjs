// The zip worker's entry (zip-files.ts starts it): a worker thread loads plain JavaScript, so
// tsx is registered here before the TypeScript body runs (npm start already runs under tsx).
import { register } from 'tsx/esm/api';

register();
await import('./unzip-thread.ts');
