import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What to show instead of the children once they failed; `retry` renders them again. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
  onReset?: () => void;
  /** A change (e.g. another session id in the URL) clears a shown failure. */
  resetKey?: unknown;
  /** A change retries a shown failure (the daemon answered again after an outage). */
  retrySignal?: number;
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  error: unknown;
}

/** Keeps a failure inside the part of the page that failed. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && (previous.resetKey !== this.props.resetKey || previous.retrySignal !== this.props.retrySignal)) this.retry();
  }

  retry = (): void => {
    this.props.onReset?.();
    this.setState({ failed: false, error: null });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}
