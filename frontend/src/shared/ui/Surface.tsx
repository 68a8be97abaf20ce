import type { ReactNode } from 'react';
import styles from './ui.module.css';

/**
 * A plain card. antd's Card pulls in Tabs, Menu and Dropdown (for its tab list) — about 25 KB gzip that
 * no card here needs.
 */
export function Surface({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className ? `${styles.surface} ${className}` : styles.surface}>{children}</div>;
}
