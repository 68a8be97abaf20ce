import { Alert } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from '../../shared/router/hooks';
import { Button } from '../../shared/ui/Button';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useRegisterOptionsMutation, useRegisterVerifyMutation } from './api';
import { ceremonyError, createPasskey, passkeysSupported } from './passkey';
import { texts } from './texts';
import styles from './practice.module.css';

/** /practice/invite#<token>: the invitation e-mail's link; the token stays in the fragment, which no server sees. */
export function InviteScreen() {
  const token = useLocation().hash.slice(1);
  const navigate = useNavigate();
  const [options] = useRegisterOptionsMutation();
  const [verify] = useRegisterVerifyMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const register = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const optionsJSON = await options({ token }).unwrap();
      const credential = await createPasskey(optionsJSON);
      await verify({ token, credential }).unwrap();
      // Replaces the invite's address (and its token) in the history.
      navigate('/practice', { replace: true });
    } catch (failure) {
      setError(ceremonyError(failure));
      setBusy(false);
    }
  };

  const problem = !token ? texts.invite.noToken : !passkeysSupported() ? texts.passkeyUnsupported : undefined;
  return (
    <div className={styles.narrow}>
      <PageHeader title={texts.invite.title} intro={texts.invite.intro} />
      {problem ? (
        <Alert type="warning" showIcon title={problem} />
      ) : (
        <Button variant="primary" size="large" loading={busy} onClick={() => void register()}>
          {texts.invite.button}
        </Button>
      )}
      <div aria-live="assertive" className={styles.message}>
        {error && <Alert type="error" showIcon title={error} />}
      </div>
    </div>
  );
}
