import { Alert } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from '../../shared/router/hooks';
import { Button } from '../../shared/ui/Button';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ceremonyError } from './passkey';
import styles from './practice.module.css';

interface Props {
  title: string;
  intro: string;
  /** Why the ceremony cannot start here (no invitation, no passkeys in this browser); else its button shows. */
  problem: string | undefined;
  button: ReactNode;
  /** The ceremony: the server's options, the browser's passkey dialog, the server's verification. */
  ceremony: () => Promise<void>;
}

/**
 * The page of a passkey ceremony (accepting an invitation, signing in): its button, which waits while the
 * ceremony runs; once the server has verified it, the console, replacing this page (and any token in its
 * address) in the history; a failure said at once (assertive).
 */
export function PasskeyCeremony({ title, intro, problem, button, ceremony }: Props) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await ceremony();
      navigate('/practice', { replace: true });
    } catch (failure) {
      setError(ceremonyError(failure));
      setBusy(false);
    }
  };

  return (
    <div className={styles.narrow}>
      <PageHeader title={title} intro={intro} />
      {problem ? (
        <Alert type="warning" showIcon title={problem} />
      ) : (
        <Button variant="primary" size="large" loading={busy} onClick={() => void start()}>
          {button}
        </Button>
      )}
      <div aria-live="assertive" className={styles.message}>
        {error && <Alert type="error" showIcon title={error} />}
      </div>
    </div>
  );
}
