import { useId, type FormEvent, type Ref } from 'react';
import { Button } from '../../../shared/ui/Button';
import { Surface } from '../../../shared/ui/Surface';
import { EmailField } from '../../../shared/ui/EmailField';
import { texts } from '../../../shared/payments/texts';
import styles from '../../../shared/payments/ui/payments.module.css';

interface Props {
  email: string;
  onChange: (email: string) => void;
  onSubmit: () => void;
  starting: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  inputRef: Ref<HTMLInputElement>;
  invalid: boolean;
}

/** The subscription's first step: the e-mail the customer is created with. */
export function EmailStep({ email, onChange, onSubmit, starting, headingRef, inputRef, invalid }: Props) {
  const headingId = useId();
  const helpId = useId();
  const t = texts.subscribe;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Surface className={styles.card}>
      {/* noValidate: the specification's own check and toast ("Invalid Email") replace the browser's bubble. */}
      <form noValidate onSubmit={submit} aria-labelledby={headingId} className={styles.column}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {t.emailTitle}
        </h2>
        <div className={styles.field}>
          <EmailField
            label={t.emailLabel}
            rowClassName={styles.row}
            ref={inputRef}
            size="large"
            value={email}
            disabled={starting}
            aria-invalid={invalid || undefined}
            aria-describedby={helpId}
            onChange={onChange}
          >
            <Button type="submit" variant="primary" size="large" loading={starting}>
              {starting ? t.starting : t.continue}
            </Button>
          </EmailField>
          <p id={helpId} className={styles.muted}>
            {t.emailHelp}
          </p>
        </div>
      </form>
    </Surface>
  );
}
