import { useId, useState, type FormEvent } from 'react';
import { errorSentence } from '../../../shared/api/error-message';
import { Button } from '../../../shared/ui/Button';
import { EmailField } from '../../../shared/ui/EmailField';
import { useToast } from '../../../shared/ui/toast';
import { useHydrated } from '../../../shared/ui/use-hydrated';
import { useSubscribeEmailMutation } from '../api';
import { texts } from '../texts';
import styles from './email-signup.module.css';

/** The home hero's e-mail list signup (source "hero"). */
export function EmailSignupForm() {
  const [email, setEmail] = useState('');
  const hydrated = useHydrated();
  const [subscribe, { isLoading }] = useSubscribeEmailMutation();
  const toast = useToast();
  const headingId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed || isLoading) return;
    try {
      await subscribe({ email: trimmed, source: 'hero' }).unwrap();
      toast.success({ title: texts.successTitle, description: texts.successDescription });
      setEmail('');
    } catch (error) {
      toast.error({ title: texts.failureTitle, description: errorSentence(error) });
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {texts.heading}
      </h2>
      <p className={styles.intro}>{texts.intro}</p>
      <EmailField
        label={texts.label}
        rowClassName={styles.row}
        size="large"
        placeholder={texts.placeholder}
        value={email}
        disabled={!hydrated}
        onChange={setEmail}
      >
        <Button variant="primary" type="submit" size="large" loading={isLoading} disabled={isLoading}>
          {texts.submit}
        </Button>
      </EmailField>
    </form>
  );
}
