import type { ImportsState } from './state';

export type WithImports = { imports: ImportsState };
