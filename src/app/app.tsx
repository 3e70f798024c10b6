import { lazy, Suspense } from 'react';
import { Router } from 'wouter';
import { selectUnavailability } from '../../streams/app/selectors';
import { errorDismissed } from '../../streams/system/events';
import { selectShownError } from '../../streams/system/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useStoreLocation, useStoreSearch } from '../hooks/use-store-location';
import { ErrorView } from '../ui/error-view';
import { AvailabilityNotice } from './app-unavailable';
import { ErrorBoundary } from './error-boundary';
import { Header } from './header';
import { Routes } from './routes';

// a portal the server says is unavailable is rare: that page's code comes when needed
const AppUnavailable = lazy(() => import('./unavailable-page').then((m) => ({ default: m.AppUnavailable })));
// the toasts' code follows the first paint; their live region is there from the start
const Toaster = lazy(() => import('../ui/toaster').then((m) => ({ default: m.Toaster })));

function Main() {
  const dispatch = useDispatch();
  const shownError = useAppState(selectShownError);
  const unavailability = useAppState(selectUnavailability);
  const dismiss = () => dispatch(errorDismissed({}));
  const errorView = shownError ? <ErrorView error={shownError.error} onDismiss={dismiss} /> : null;
  return (
    <main id="main" className="main" tabIndex={-1}>
      <ErrorBoundary dispatch={dispatch} fallback={errorView} resetKey={shownError}>
        {errorView ??
          (unavailability ? (
            <Suspense fallback={null}>
              <AppUnavailable reason={unavailability.reason} message={unavailability.message} />
            </Suspense>
          ) : (
            <>
              <AvailabilityNotice />
              <Routes />
            </>
          ))}
      </ErrorBoundary>
    </main>
  );
}

export function App() {
  return (
    <Router hook={useStoreLocation} searchHook={useStoreSearch}>
      <div className="layout">
        <Header />
        <Main />
        <Suspense fallback={<div className="toaster" role="status" />}>
          <Toaster />
        </Suspense>
      </div>
    </Router>
  );
}
