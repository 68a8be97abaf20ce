import { Component, Suspense, type ReactNode } from 'react';
import { texts } from '../texts';

/**
 * Where a part of the library that uses antd shows (the player dialog, the error state):
 * each is a chunk of its own, with antd, fetched when it is first needed, so that the grid's first paint
 * carries none of antd (issue 28: the screen's download was 97 KB gzip with it). Nothing shows while the
 * chunk downloads; a failed download says so here instead of taking the page down.
 */
export function AntdPart({ children }: { children: ReactNode }) {
  return (
    <PartBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </PartBoundary>
  );
}

class PartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p role="alert">{texts.partFailed}</p> : this.props.children;
  }
}
