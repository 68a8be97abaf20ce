import { Alert, Button, Popconfirm, type ButtonProps, type PopconfirmProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { errorSentence } from '../../shared/api/error-message';
import styles from './practice.module.css';

// The pieces the console's panels share: a table that scrolls on a phone, the answer that could not be loaded,
// the line that says what the last action came to, and a button that asks before it acts.

/**
 * A wide table's frame: a phone's screen may be narrower than the table, so it scrolls sideways, by keyboard
 * too (focusable, named by the heading above it or by `label`).
 */
export function ScrollRegion({
  labelledBy,
  label,
  children,
}: {
  labelledBy?: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.tableScroll} role="region" aria-labelledby={labelledBy} aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** What a panel shows in place of an answer the server would not give. */
export function LoadFailed({ error }: { error: unknown }) {
  return <Alert type="error" showIcon title={errorSentence(error)} />;
}

/** What the last action came to; `about` names what it was done to, where a panel shows one thing at a time. */
export interface Notice {
  type: 'success' | 'error';
  text: string;
  about?: string;
}

/**
 * The panel's last action and what it came to: `run` clears the notice, does the work (which resolves to the
 * sentence saying it is done) and shows that sentence, or the server's reason when it failed.
 */
export function useNotice() {
  const [notice, setNotice] = useState<Notice>();
  const run = async (work: () => Promise<string>, about?: string) => {
    setNotice(undefined);
    try {
      setNotice({ type: 'success', text: await work(), about });
    } catch (failure) {
      setNotice({ type: 'error', text: errorSentence(failure), about });
    }
  };
  return { notice, setNotice, run };
}

/** The notice, read out when it appears: a failure as an alert, a success as a status. */
export function PanelNotice({ notice }: { notice: Notice | undefined }) {
  return (
    <div aria-live="polite" className={styles.message}>
      {notice && (
        <Alert type={notice.type} role={notice.type === 'error' ? 'alert' : 'status'} showIcon title={notice.text} />
      )}
    </div>
  );
}

/** A button that acts only once its question is answered yes (revoke, cancel, remove, replace). */
export function ConfirmButton({
  question,
  yes,
  no,
  onConfirm,
  children,
  ...button
}: {
  question: string;
  yes: string;
  /** The answer that leaves things as they are; antd's "Cancel" unless said. */
  no?: string;
  onConfirm: PopconfirmProps['onConfirm'];
  children: ReactNode;
} & Omit<ButtonProps, 'onClick'>) {
  return (
    <Popconfirm title={question} okText={yes} cancelText={no} onConfirm={onConfirm}>
      <Button {...button}>{children}</Button>
    </Popconfirm>
  );
}
