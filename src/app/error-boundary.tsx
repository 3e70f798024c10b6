import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { UnstampedEvent } from '../../streams/core/event';
import { serializeError } from '../../streams/core/errors';
import { untrappedErrorCaught } from '../../streams/system/events';

interface Props {
  dispatch: (event: UnstampedEvent) => void;
  /** what to show instead of the children once they failed to render */
  fallback: ReactNode;
  /** changes when the user dismissed the error: the children get another chance */
  resetKey: unknown;
  children: ReactNode;
}

/** A view that throws while rendering becomes an untrapped-error event, like any other failure. */
export class ErrorBoundary extends Component<Props, { failed: boolean; resetKey: unknown }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; resetKey: unknown }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    const serialized = serializeError(error);
    const stack = [serialized.stack, info.componentStack].filter(Boolean).join('\n');
    this.props.dispatch(untrappedErrorCaught({ origin: 'render', error: { ...serialized, stack } }));
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
