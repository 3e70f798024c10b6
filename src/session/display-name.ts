import type { Me } from '../../streams/session/selectors';

/** Who-am-I carries no display name in the protocol; a demo or real server may add one. */
export function displayName(me: Me | null, login: string | null): string {
  return me?.name ?? me?.login ?? login ?? (me?.id !== undefined ? `#${me.id}` : '');
}
