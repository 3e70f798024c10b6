import type { AnyEvent } from '../core/event';
import type { Store } from '../core/store';
import { redactEvent } from './redact';

/** The part of the Redux DevTools extension's `connect()` API the bridge uses. */
interface ReduxDevtoolsConnection {
  init(state: unknown): void;
  send(action: { type: string; [key: string]: unknown }, state: unknown): void;
  subscribe(listener: (message: DevtoolsMessage) => void): (() => void) | undefined;
}

interface ReduxDevtoolsExtension {
  connect(options: { name: string; features?: Record<string, unknown> }): ReduxDevtoolsConnection;
}

export interface DevtoolsMessage {
  type: string;
  state?: string;
  payload?: {
    type: string;
    actionId?: number;
    index?: number;
    nextLiftedState?: { computedStates?: Array<{ state: unknown }> };
  };
}

/**
 * Development builds only (main.tsx imports this behind `import.meta.env.DEV`): every event
 * and the state after it go to the Redux DevTools extension; a jump or an import there shows
 * that state through time travel (`store.travel`), so the epics never see it. Jumping to the
 * newest action goes back to live. Export is the extension's own.
 */
export function connectReduxDevtools<S>(
  store: Store<S>,
  /** `window`, where the extension puts itself */
  host: object,
): () => void {
  const extension = (host as { __REDUX_DEVTOOLS_EXTENSION__?: ReduxDevtoolsExtension })
    .__REDUX_DEVTOOLS_EXTENSION__;
  if (!extension) return () => {};
  const connection = extension.connect({
    name: 'DAM portal',
    features: { jump: true, skip: false, reorder: false, dispatch: false, import: 'custom', export: true },
  });
  connection.init(store.getState());
  let sent = 0;
  const events = store.event$.subscribe((event: AnyEvent) => {
    sent += 1;
    const { type, payload, error, meta } = redactEvent(event);
    connection.send({ type, payload, ...(error ? { error } : {}), meta }, store.getState());
  });

  const show = (state: unknown, newest: boolean) => store.travel(newest ? null : (state as S));
  const stopListening = connection.subscribe((message) => {
    if (message.type !== 'DISPATCH' || !message.payload) return;
    const { payload } = message;
    switch (payload.type) {
      case 'JUMP_TO_STATE':
      case 'JUMP_TO_ACTION': {
        if (message.state === undefined) return;
        const id = payload.actionId ?? payload.index;
        show(JSON.parse(message.state), id === sent);
        return;
      }
      case 'IMPORT_STATE': {
        const states = payload.nextLiftedState?.computedStates ?? [];
        const last = states[states.length - 1];
        if (last) show(last.state, false);
        return;
      }
      case 'COMMIT':
        connection.init(store.getState());
        sent = 0;
        return;
    }
  });
  return () => {
    events.unsubscribe();
    stopListening?.();
  };
}
