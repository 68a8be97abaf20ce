import styles from './layout.module.css';

/** Shown while the first screen's chunk downloads (before the router can render the layout). */
export function RouteFallback() {
  return (
    <p role="status" className={styles.fallback}>
      Loading…
    </p>
  );
}
