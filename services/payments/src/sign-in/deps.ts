import type Stripe from 'stripe';
import type { Logger, Mailer } from '@hhp/kit';
import type { PaymentsMetrics } from '../metrics.js';
import type { CustomerModel } from '../subscriptions/customer.model.js';
import type { SubscriptionStore } from '../subscriptions/subscription-store.js';
import type { SignInLimits } from './sign-in-limits.js';
import type { SignInLinks } from './sign-in-links.js';

/** What the sign-in link, the portal and the welcome e-mail share. */
export interface SignInDeps {
  stripe: Stripe;
  customers: CustomerModel;
  subscriptions: SubscriptionStore;
  links: SignInLinks;
  limits: SignInLimits;
  mailer: Mailer;
  /** Signs the subscriber cookie and the "Manage subscription" token. */
  cookieSecret: string;
  /** The secret before a rotation (SUBSCRIBER_COOKIE_PREVIOUS_SECRET): its cookies and tokens still verify. */
  previousCookieSecret?: string | undefined;
  publicBaseUrl: string;
  /** Named in the "already subscribed" e-mail. */
  supportEmail: string;
  linkTtlSeconds: number;
  dbTimeoutMs: number;
  logger: Logger;
  metrics: Pick<PaymentsMetrics, 'signInLinks' | 'welcomeEmails' | 'alreadySubscribedEmails'>;
}

export const SIGN_IN_UNAVAILABLE = 'Sign-in is unavailable right now: please try again in a moment.';
