// "Already subscribed?": a subscriber on another device gives the e-mail address and gets a one-time link.
// The browser's answer must not tell whether the address subscribes, not even by how long it takes, so it
// is given as soon as the client address's request is counted; finding the subscription, counting the
// e-mail's links and sending happen after the answer (a failure is logged; the visitor may ask again).
import { createHash } from 'node:crypto';
import { HttpError, orUnavailable, type Logger } from '@hhp/kit';
import { statusOf } from '../subscriptions/subscription-status.js';
import { SIGN_IN_UNAVAILABLE, type SignInDeps } from './deps.js';
import { signInEmail, signInUrl } from './emails.js';

export class TooManySignIns extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'Too many sign-in requests from this network. Please try again later.');
  }
}

/** Counts the request against the client address (429 over the limit); the rest is `send`. */
export async function admitSignIn(deps: SignInDeps, clientAddress: string): Promise<void> {
  const admission = await orUnavailable(deps.dbTimeoutMs, deps.limits.admitAddress(clientAddress), SIGN_IN_UNAVAILABLE);
  if (!admission.ok) throw new TooManySignIns(admission.retryAfterSeconds);
}

export type SendOutcome = 'sent' | 'not-subscribed' | 'email-limit';

/** The link to `email`, if it is the address of an active subscription and its links are not used up. */
export async function sendSignInLink(deps: SignInDeps, email: string, logger: Logger): Promise<SendOutcome> {
  const customer = await deps.customers.findOne({ email }).lean();
  const record = customer ? await deps.subscriptions.forCustomer(customer._id) : undefined;
  if (!customer || !statusOf(record).active) return 'not-subscribed';
  if (!(await deps.limits.admitEmail(email)).ok) {
    logger.info({ customerId: customer._id }, 'sign-in links of this address used up for now; none sent');
    return 'email-limit';
  }
  const { token } = await deps.links.issue(customer._id);
  const ttlMinutes = Math.max(1, Math.round(deps.linkTtlSeconds / 60));
  const tokenHash = createHash('sha256').update(token).digest('hex');
  await deps.mailer.send({
    ...signInEmail(email, signInUrl(deps.publicBaseUrl, token), ttlMinutes),
    idempotencyKey: `sign-in:${tokenHash}`,
  });
  logger.info({ customerId: customer._id }, 'sign-in link sent');
  return 'sent';
}
