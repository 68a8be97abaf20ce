import { Alert } from 'antd';
import type { ReactNode, Ref } from 'react';
import styles from './payments.module.css';

interface Props {
  title: string;
  titleRef?: Ref<HTMLHeadingElement>;
  /** error: a service could not do its part; info or success: news about the visitor's booking. */
  type: 'error' | 'warning' | 'info' | 'success';
  children: ReactNode;
  actions?: ReactNode;
}

// Light backgrounds of the theme's hues: antd derives its own from colorInfo (the theme's dark teal) into a grey
// on which grey text falls below 4.5:1.
const LOOK: Record<Props['type'], { background: string; borderColor: string }> = {
  info: { background: '#f0fdfa', borderColor: '#99d5cc' },
  success: { background: '#f0fdf4', borderColor: '#86efac' },
  warning: { background: '#fefce8', borderColor: '#facc15' },
  error: { background: '#fef2f2', borderColor: '#fca5a5' },
};

/**
 * A panel that replaces a step: the payment or subscription service unavailable, a booking that cannot be
 * paid, a confirmation. An error panel is an alert (read out when it appears); its heading takes focus.
 */
export function ServicePanel({ title, titleRef, type, children, actions }: Props) {
  return (
    <Alert
      type={type}
      showIcon
      style={LOOK[type]}
      role={type === 'error' ? 'alert' : 'status'}
      title={
        <h2 ref={titleRef} tabIndex={-1} className={styles.title}>
          {title}
        </h2>
      }
      description={
        <div className={styles.column}>
          {children}
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      }
    />
  );
}
