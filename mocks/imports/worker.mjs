// The entry of the demo server's worker threads (worker-pool.ts starts them): a worker thread
// loads plain JavaScript, so tsx is registered here before the TypeScript body runs.
import { register } from 'tsx/esm/api';

register();
await import('./worker-thread.ts');
