// The practice service's own metrics, beside the kit's request histogram: sign-ins by outcome, invites sent by
// role, and the sessions alive now (read from the database at each scrape).
import { Gauge, type Counter, type Registry } from 'prom-client';
import { metricsOn, within, TIMED_OUT } from '@hhp/kit';

export interface PracticeMetrics {
  /** `signed-in`, `refused` (the one 401), `registered` (a passkey registered with an invite, which signs in). */
  signIns: Counter<'outcome'>;
  invitesSent: Counter<'role'>;
}

/** How long a scrape waits for the count of sessions; past it the gauge keeps its last value. */
const COUNT_WAIT_MS = 1000;

/** `activeSessions`: the sessions not past their idle or absolute expiry, counted at each scrape. */
export function practiceMetrics(registry: Registry, activeSessions: () => Promise<number>): PracticeMetrics {
  new Gauge({
    name: 'practice_sessions_active',
    help: "Staff sessions alive now (neither idle nor past their absolute expiry), from the service's database",
    registers: [registry],
    async collect() {
      const count = await within(COUNT_WAIT_MS, activeSessions()).catch((): typeof TIMED_OUT => TIMED_OUT);
      if (typeof count === 'number') this.set(count);
    },
  });
  const { counter } = metricsOn(registry);
  return {
    signIns: counter(
      'practice_sign_ins_total',
      'Passkey sign-ins to the practice console, by outcome (signed-in, refused, registered)',
      ['outcome'],
    ),
    invitesSent: counter('practice_invites_sent_total', 'Invitation e-mails the mail server accepted, by role', [
      'role',
    ]),
  };
}
