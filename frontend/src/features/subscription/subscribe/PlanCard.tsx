import type { SessionResponse } from '@hhp/proto';
import { PLANS } from '@hhp/proto/catalogue/plans';
import { useId } from 'react';
import { ButtonLink } from '../../../shared/ui/Button';
import { Surface } from '../../../shared/ui/Surface';
import { planName, planSummary, texts } from '../../../shared/payments/texts';
import { formatSession, formatTime, money, visitorTimeZone } from '../../../shared/payments/ui/time';
import { useNow } from '../../../shared/payments/ui/use-now';
import styles from '../../../shared/payments/ui/payments.module.css';
import { planHold } from './plan-hold';

const t = texts.subscribe;

interface Props {
  session: SessionResponse | undefined;
  /** Payments cannot take a payment now: the subscription cannot start, and the hold will lapse. */
  paymentsOff: boolean;
}

/**
 * What is true of the subscription plan's booking at this moment: held (until when, how long is left),
 * lapsed and released (book again), confirmed, or no longer held. Read again as the hold runs out.
 */
function SessionLine({ session, paymentsOff }: { session: SessionResponse; paymentsOff: boolean }) {
  const now = useNow(Boolean(session.holdExpiresAt));
  const when = formatSession(session.scheduledAt, Number(session.duration), session.timeZone);
  const hold = planHold(session, now);
  if (hold.kind === 'held') {
    const until = `${formatTime(session.holdExpiresAt!, visitorTimeZone() ?? 'UTC')} (your time)`;
    return (
      <div className={styles.column} role="status">
        <p className={styles.text}>{paymentsOff ? t.heldWhileOff(until) : t.heldUntil(until, hold.minutesLeft)}</p>
        {!paymentsOff && <p className={styles.muted}>{t.forSession(when)}</p>}
      </div>
    );
  }
  if (hold.kind === 'confirmed') return <p className={styles.text}>{t.sessionConfirmed(when)}</p>;
  const lapsed = hold.kind === 'lapsed';
  return (
    <div className={styles.column} role="status">
      {lapsed && <h3 className={styles.subheading}>{t.lapsedTitle}</h3>}
      <p className={styles.text}>{lapsed ? t.lapsed(when) : t.notHeld(when)}</p>
      <div className={styles.actions}>
        <ButtonLink to="/book" variant="primary">
          {t.bookAgain}
        </ButtonLink>
      </div>
    </div>
  );
}

/** The plan being bought and, when the visitor came from booking it, what is true of that session now. */
export function PlanCard({ session, paymentsOff }: Props) {
  const headingId = useId();
  const plan = PLANS.subscription;
  return (
    <Surface className={styles.card}>
      <section aria-labelledby={headingId} className={styles.column}>
        <h2 id={headingId} className={styles.title}>
          {planName('subscription')}
        </h2>
        <p className={styles.price}>
          {money(plan.price)} <span className={styles.muted}>{texts.booking.priceUnit.subscription}</span>
        </p>
        <p className={styles.text}>{planSummary('subscription')}.</p>
        <h3 className={styles.subheading}>{t.planIncludes}</h3>
        <ul className={styles.features}>
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {session && session.type === 'subscription' && <SessionLine session={session} paymentsOff={paymentsOff} />}
      </section>
    </Surface>
  );
}
