import type { AvailabilitySlot } from '@hhp/proto';
import { PLANS, type SessionType } from '@hhp/proto/catalogue/plans';
import { useId } from 'react';
import { Button } from '../../shared/ui/Button';
import { Surface } from '../../shared/ui/Surface';
import { planName, texts } from '../../shared/payments/texts';
import { formatIsoDay, money, zoneLabel } from '../../shared/payments/ui/time';
import styles from '../../shared/payments/slots/booking.module.css';

interface Props {
  type: SessionType;
  date: string | null;
  slot: AvailabilitySlot | null;
  timeZone: string | undefined;
  name: string;
  email: string;
  submitting: boolean;
  canSubmit: boolean;
  /** Payments cannot take a payment: nothing can be booked here now. */
  paymentsOff: boolean;
}

function Value({ text }: { text: string | null }) {
  return text ? <dd>{text}</dd> : <dd className={styles.pending}>{texts.booking.summary.notChosen}</dd>;
}

/** What is about to be booked, beside the form; its button submits the form. */
export function BookingSummary({ type, date, slot, timeZone, name, email, submitting, canSubmit, paymentsOff }: Props) {
  const plan = PLANS[type];
  const headingId = useId();
  const hintId = useId();
  const t = texts.booking.summary;
  const time = slot && timeZone ? `${slot.time} – ${slot.endTime}, ${zoneLabel(timeZone, slot.startsAt)}` : null;
  return (
    <Surface className={styles.summary}>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {texts.booking.summaryTitle}
        </h2>
        <dl className={styles.summaryList}>
          <dt>{t.session}</dt>
          <dd>{planName(type)}</dd>
          <dt>{t.price}</dt>
          <dd>
            {money(plan.price)} {texts.booking.priceUnit[type]}
          </dd>
          <dt>{t.duration}</dt>
          <dd>{texts.booking.minutes(plan.durationMinutes)}</dd>
          <dt>{t.date}</dt>
          <Value text={date && formatIsoDay(date)} />
          <dt>{t.time}</dt>
          <Value text={time} />
          <dt>{t.name}</dt>
          <Value text={name.trim() || null} />
          <dt>{t.email}</dt>
          <Value text={email.trim() || null} />
        </dl>
      </section>
      <Button
        type="submit"
        variant="primary"
        size="large"
        block
        loading={submitting}
        disabled={!canSubmit}
        aria-describedby={hintId}
      >
        {submitting ? texts.booking.submitting : texts.booking.submit}
      </Button>
      <p id={hintId} className={styles.hint}>
        {paymentsOff
          ? texts.booking.paymentsOffHint
          : !date || !slot
            ? texts.booking.submitHint
            : type === 'subscription'
              ? texts.booking.paymentNext.subscription
              : texts.booking.paymentNext.other}
      </p>
    </Surface>
  );
}
