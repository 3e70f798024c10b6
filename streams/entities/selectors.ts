import type { EntitiesState } from './state';

export type WithEntities = { entities: EntitiesState };
