import type { AnyEvent } from '../core/event';
import { started } from '../app/events';
import { navigated } from './events';

export interface RouterState {
  path: string;
  search: string;
}

export const initialRouterState: RouterState = { path: '/', search: '' };

export function routerReducer(state: RouterState, event: AnyEvent): RouterState {
  if (navigated.match(event) || started.match(event)) {
    const { path, search } = event.payload;
    return path === state.path && search === state.search ? state : { path, search };
  }
  return state;
}
