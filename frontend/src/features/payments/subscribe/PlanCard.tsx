import type { SessionResponse } from '@hhp/proto';
import { PLANS } from '@hhp/proto/catalogue/plans';
import { useId } from 'react';
import { Surface } from '../../../shared/ui/Surface';
import { planName, planSummary, texts } from '../texts';
import { formatSession, money } from '../ui/time';
import styles from '../ui/payments.module.css';

/** The plan being bought and, when the visitor came from booking it, the session it will confirm. */
export function PlanCard({ session }: { session: SessionResponse | undefined }) {
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
        <h3 className={styles.subheading}>{texts.subscribe.planIncludes}</h3>
        <ul className={styles.features}>
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {session && session.type === 'subscription' && (
          <p className={styles.muted}>
            {texts.subscribe.forSession(formatSession(session.scheduledAt, Number(session.duration), session.timeZone))}
          </p>
        )}
      </section>
    </Surface>
  );
}
