// Someone started a subscription with an address whose subscription is still running. create-subscription
// answers as it answers everyone (whether an address subscribes is nobody's to learn from it); the address is
// told by e-mail instead: it already subscribes, nothing more is charged, and how to use the subscription on
// this device (a one-time sign-in link, while it is active) or to manage it. The e-mail counts against the
// same per-address budget as sign-in links (SIGN_IN_LINKS_PER_EMAIL a window), so no one can flood an inbox
// through either door; over it nothing is sent.
import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from '@hhp/kit';
import { statusOf } from '../subscriptions/subscription-status.js';
import type { SignInDeps } from './deps.js';
import { alreadySubscribedEmail, manageUrl, signInUrl } from './emails.js';
import { manageToken } from './manage-token.js';

export type AlreadySubscribedOutcome = 'sent' | 'email-limit';

export async function sendAlreadySubscribed(
  deps: SignInDeps,
  email: string,
  customerId: string,
  logger: Logger,
): Promise<AlreadySubscribedOutcome> {
  if (!(await deps.limits.admitEmail(email)).ok) {
    logger.info({ customerId }, 'e-mails to this address used up for now; no "already subscribed" e-mail sent');
    return 'email-limit';
  }
  const active = statusOf(await deps.subscriptions.forCustomer(customerId)).active;
  const link = active ? (await deps.links.issue(customerId)).token : undefined;
  const key = link ? createHash('sha256').update(link).digest('hex') : randomUUID();
  await deps.mailer.send({
    ...alreadySubscribedEmail(email, {
      signIn: link && signInUrl(deps.publicBaseUrl, link),
      manage: manageUrl(deps.publicBaseUrl, manageToken(customerId, deps.cookieSecret)),
      ttlMinutes: Math.max(1, Math.round(deps.linkTtlSeconds / 60)),
      supportEmail: deps.supportEmail,
    }),
    idempotencyKey: `already-subscribed:${key}`,
  });
  logger.info({ customerId, withSignInLink: active }, '"already subscribed" e-mail sent');
  return 'sent';
}
