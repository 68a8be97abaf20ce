import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false in the prerendered HTML and while React takes it over, true from then on. Text fields are
 * disabled until then: text typed into the static page would be dropped when React hydrates it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
