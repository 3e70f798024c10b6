import type { RouterState } from './reducer';

export const selectLocation = (state: { router: RouterState }) => state.router;
