import { Alert, Spin } from 'antd';
import { useState } from 'react';
import { errorSentence } from '../../shared/api/error-message';
import { useNavigate } from '../../shared/router/hooks';
import { Button } from '../../shared/ui/Button';
import { DocumentTitle } from '../../shared/ui/DocumentTitle';
import { usePracticeMeQuery, useSignOutMutation } from './api';
import { AuditPanel } from './AuditPanel';
import { EmailListPanel } from './numbers/EmailListPanel';
import { NumbersPanel } from './numbers/NumbersPanel';
import { AvailabilityPanel } from './availability/AvailabilityPanel';
import { CalendarPanel } from './calendar/CalendarPanel';
import { FeedPanel } from './feed/FeedPanel';
import { StaffPanel } from './StaffPanel';
import { formatTime, texts } from './texts';
import { useSignInOn401 } from './use-sign-in-on-401';
import styles from './practice.module.css';

/** /practice: who is signed in, signing out, and for an admin the staff and the audit log. */
export function ConsoleScreen() {
  const navigate = useNavigate();
  const me = usePracticeMeQuery();
  const [signOut, signingOut] = useSignOutMutation();
  const [error, setError] = useState<string>();
  useSignInOn401(me.error, signingOut.error);

  const leave = async () => {
    setError(undefined);
    try {
      await signOut().unwrap();
      navigate('/practice/sign-in', { replace: true });
    } catch (failure) {
      setError(errorSentence(failure));
    }
  };

  return (
    <>
      <DocumentTitle title={texts.consoleName} />
      <h1>{texts.consoleName}</h1>
      {me.data ? (
        <>
          <section aria-label={texts.shell.signedInAs} className={styles.who}>
            <dl>
              <dt>{texts.shell.signedInAs}</dt>
              <dd data-testid="practice-me">{me.data.email}</dd>
              <dt>{texts.shell.role}</dt>
              <dd>{texts.roles[me.data.role]}</dd>
              <dt>{texts.shell.sessionEnds}</dt>
              <dd>{formatTime(me.data.sessionExpiresAt)}</dd>
            </dl>
            <Button onClick={() => void leave()} loading={signingOut.isLoading}>
              {texts.shell.signOut}
            </Button>
          </section>
          <div aria-live="assertive" className={styles.message}>
            {error && <Alert type="error" showIcon title={error} />}
          </div>
          <CalendarPanel />
          <AvailabilityPanel />
          <FeedPanel />
          <NumbersPanel />
          {me.data.role === 'admin' ? (
            <>
              <EmailListPanel />
              <StaffPanel selfId={me.data.id} />
              <AuditPanel />
            </>
          ) : (
            <p className={styles.section}>{texts.shell.practitionerNote}</p>
          )}
        </>
      ) : me.error ? (
        <Alert type="error" showIcon title={errorSentence(me.error)} />
      ) : (
        <Spin aria-label="Loading" />
      )}
    </>
  );
}
