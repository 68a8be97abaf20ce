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

/**
 * A panel that replaces a step: the payment or subscription service unavailable, a booking that cannot be
 * paid, a confirmation. An error panel is an alert (read out when it appears); its heading takes focus.
 */
export function ServicePanel({ title, titleRef, type, children, actions }: Props) {
  return (
    <Alert
      type={type}
      showIcon
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
