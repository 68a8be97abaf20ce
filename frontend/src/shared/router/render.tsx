// Renders the matched routes, each in its own depth, the Outlet showing the next; an ErrorBoundary route
// catches what fails below it. Shared by the browser's router and the build's prerendering, so that the
// browser hydrates onto the very tree the build rendered.
import { Component, use, type ComponentType, type ReactNode } from 'react';
import { DepthContext, RouteErrorContext, RouterContext, type RouterContextValue } from './context';

interface BoundaryProps {
  Fallback: ComponentType;
  /** An error the router met (a screen that failed to download). */
  error: unknown;
  /** A new location clears the error: the next page may well render. */
  locationKey: string;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; locationKey: string }> {
  override state = { error: this.props.error, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; locationKey: string }) {
    if (props.locationKey !== state.locationKey) return { error: props.error, locationKey: props.locationKey };
    return { error: state.error ?? props.error, locationKey: state.locationKey };
  }

  override render() {
    const { Fallback, children } = this.props;
    if (this.state.error === undefined) return children;
    return (
      <RouteErrorContext value={this.state.error}>
        <Fallback />
      </RouteErrorContext>
    );
  }
}

function RouteAt({ depth }: { depth: number }) {
  const router = use(RouterContext) as RouterContextValue;
  const match = router.matches[depth];
  if (!match) return null;
  const { route } = match;
  const element = <DepthContext value={depth + 1}>{route.Component ? <route.Component /> : null}</DepthContext>;
  // The deepest boundary shows the router's error (the portal has one, at the root).
  const deepest = router.matches.findLastIndex((m) => m.route.ErrorBoundary) === depth;
  if (!route.ErrorBoundary) return element;
  return (
    <ErrorBoundary
      Fallback={route.ErrorBoundary}
      error={deepest ? router.error : undefined}
      locationKey={router.location.key}
    >
      {element}
    </ErrorBoundary>
  );
}

/** Where a layout route shows the route below it. */
export function Outlet() {
  return <RouteAt depth={use(DepthContext)} />;
}

/** The router's tree: the fallback while a first screen still downloads, else the matched routes. */
export function Routes({ router }: { router: RouterContextValue }) {
  const waiting = router.error === undefined && router.matches.some(({ route }) => route.lazy);
  const Fallback = router.matches.find(({ route }) => route.HydrateFallback)?.route.HydrateFallback;
  return <RouterContext value={router}>{waiting ? Fallback && <Fallback /> : <RouteAt depth={0} />}</RouterContext>;
}
