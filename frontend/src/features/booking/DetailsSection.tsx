import { useId, type ReactNode, type Ref } from 'react';
import { TextInput } from '../../shared/ui/TextInput';
import { texts } from '../../shared/payments/texts';
import styles from '../../shared/payments/slots/booking.module.css';

const t = texts.booking;

interface Props {
  name: string;
  email: string;
  onName: (name: string) => void;
  onEmail: (email: string) => void;
  nameRef: Ref<HTMLInputElement>;
  emailRef: Ref<HTMLInputElement>;
  /** Booking was asked for with the field blank. */
  nameMissing: boolean;
  emailMissing: boolean;
  /** Booking was asked for with an address that is none: the field says why. */
  emailInvalid: boolean;
}

/** /book's "Your details": the visitor's name and e-mail, both required. */
export function DetailsSection({
  name,
  email,
  onName,
  onEmail,
  nameRef,
  emailRef,
  nameMissing,
  emailMissing,
  emailInvalid,
}: Props) {
  const ids = { name: useId(), email: useId(), emailError: useId() };
  return (
    <section aria-labelledby={`${ids.name}-title`}>
      <h2 id={`${ids.name}-title`} className={styles.sectionTitle}>
        {t.detailsTitle}
      </h2>
      <div className={styles.fields}>
        <RequiredField id={ids.name} label={t.name}>
          <TextInput
            ref={nameRef}
            id={ids.name}
            name="name"
            required
            autoComplete="name"
            value={name}
            aria-invalid={nameMissing || undefined}
            onChange={(event) => onName(event.target.value)}
          />
        </RequiredField>
        <RequiredField id={ids.email} label={t.email}>
          <TextInput
            ref={emailRef}
            id={ids.email}
            name="email"
            type="email"
            required
            autoComplete="email"
            value={email}
            aria-invalid={emailMissing || emailInvalid || undefined}
            aria-describedby={emailInvalid ? ids.emailError : undefined}
            onChange={(event) => onEmail(event.target.value)}
          />
          {emailInvalid && (
            <p id={ids.emailError} className={styles.fieldError} role="alert">
              {t.emailInvalid}
            </p>
          )}
        </RequiredField>
      </div>
    </section>
  );
}

/** A field the booking needs: its label says so. */
function RequiredField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label} <span className={styles.requiredMark}>{t.required}</span>
      </label>
      {children}
    </div>
  );
}
