import type { CursorsState } from './model';

export const initialCursorsState: CursorsState = { byName: {}, lastRefusal: null };
