import { Alert } from 'antd';
import { useState } from 'react';
import { useNavigate } from '../../shared/router/hooks';
import { Button } from '../../shared/ui/Button';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useSignInOptionsMutation, useSignInVerifyMutation } from './api';
import { ceremonyError, passkeysSupported, signWithPasskey } from './passkey';
import { texts } from './texts';
import styles from './practice.module.css';

/** /practice/sign-in: a discoverable passkey, so nothing is typed (the passkey says who signs in). */
export function SignInScreen() {
  const navigate = useNavigate();
  const [options] = useSignInOptionsMutation();
  const [verify] = useSignInVerifyMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const signIn = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const optionsJSON = await options().unwrap();
      const credential = await signWithPasskey(optionsJSON);
      await verify({ credential }).unwrap();
      navigate('/practice', { replace: true });
    } catch (failure) {
      setError(ceremonyError(failure));
      setBusy(false);
    }
  };

  return (
    <div className={styles.narrow}>
      <PageHeader title={texts.signIn.title} intro={texts.signIn.intro} />
      {passkeysSupported() ? (
        <Button variant="primary" size="large" loading={busy} onClick={() => void signIn()}>
          {texts.signIn.button}
        </Button>
      ) : (
        <Alert type="warning" showIcon title={texts.passkeyUnsupported} />
      )}
      <div aria-live="assertive" className={styles.message}>
        {error && <Alert type="error" showIcon title={error} />}
      </div>
    </div>
  );
}
