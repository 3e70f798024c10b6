/** The entities slice: entities and drafts per path and id (protocol §12). */
export interface EntitiesState {
  byKey: Record<string, never>;
}

export const initialEntitiesState: EntitiesState = { byKey: {} };
