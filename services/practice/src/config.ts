import { z } from 'zod';
import { serviceConfig } from '@hhp/kit';
import { servicePort } from '@hhp/proto/services';

export const PracticeConfig = serviceConfig('practice', servicePort('practice')).extend({
  /**
   * The portal's address (`npm start` sets it to where nginx listens). Its host is the passkeys' relying party
   * id, its origin the one every state-changing call must come from; https makes the session cookie `__Host-`.
   */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /**
   * The first staff member, an admin: while no staff exists, the service e-mails this address an invite at
   * start (once; again only when that invite expired unused). Unset: nobody is invited.
   */
  PRACTICE_FIRST_ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  /** How long a request waits for the database before it is answered 503 (a stall: the driver would wait on). */
  DB_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /**
   * The invitation e-mail is sent inside the admin's request (and at start): connecting, the server's greeting and
   * each of its answers may take this long, and the whole sending no longer; then 503, nothing kept.
   */
  PRACTICE_MAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** A session ends after this long without a request, and this long after it began whatever happens. */
  PRACTICE_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  PRACTICE_SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(12),
  /**
   * The practice's IANA time zone (booking's PRACTICE_TIME_ZONE, the same default): the numbers' today, week
   * (Monday to Sunday) and month are its calendar's.
   */
  PRACTICE_TIME_ZONE: z
    .string()
    .refine((name) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: name });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/New_York')
    .default('America/New_York'),
  /** How long each source of the numbers (booking's counts, the tally) may take before it shows as unavailable. */
  PRACTICE_SOURCE_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1500),
  /**
   * How long content may take over a page of the e-mail list (the table's, and each thousand addresses of the CSV
   * export). Long: on FerretDB a walk of the list begins by reading and sorting all of it (BENCHMARKS.md, "The
   * e-mail list").
   */
  PRACTICE_LIST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** Sign-in and registration attempts (options and verify each count) per client address and window; 0: none. */
  PRACTICE_SIGN_INS_PER_ADDRESS: z.coerce.number().int().min(0).default(30),
  PRACTICE_SIGN_IN_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** Calendar feed fetches per client address and window (known and unknown secrets alike); 0: none. */
  PRACTICE_FEED_FETCHES_PER_ADDRESS: z.coerce.number().int().min(0).default(120),
  PRACTICE_FEED_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
});
export type PracticeConfig = z.infer<typeof PracticeConfig>;
