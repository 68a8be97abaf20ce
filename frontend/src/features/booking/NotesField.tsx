import { useId } from 'react';
import { texts } from '../../shared/payments/texts';
import styles from '../../shared/payments/slots/booking.module.css';

const t = texts.booking;

/** The booking's optional notes for the practitioner. */
export function NotesField({ value, onChange }: { value: string; onChange: (notes: string) => void }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t.notesLabel}
      </label>
      <textarea
        id={id}
        name="notes"
        rows={3}
        maxLength={2000}
        placeholder={t.notesPlaceholder}
        value={value}
        className={styles.textarea}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
