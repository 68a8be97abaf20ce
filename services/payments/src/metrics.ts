// The payments service's own counters, beside the kit's request durations.
import type { Counter, Registry } from 'prom-client';
import { metricsOn } from '@hhp/kit';

export interface PaymentsMetrics {
  intentsCreated: Counter;
  subscriptionsCreated: Counter<'status'>;
  checkoutSessions: Counter;
  webhooks: Counter<'type' | 'outcome'>;
  refunds: Counter<'outcome'>;
  signInLinks: Counter<'outcome'>;
  welcomeEmails: Counter;
  alreadySubscribedEmails: Counter<'outcome'>;
}

export function paymentsMetrics(registry: Registry): PaymentsMetrics {
  const { counter } = metricsOn(registry);
  return {
    intentsCreated: counter(
      'payments_intents_created_total',
      'PaymentIntents created for sessions (a repeated ask for a session is not counted again)',
    ),
    subscriptionsCreated: counter(
      'payments_subscriptions_created_total',
      'Subscriptions created, by the status Stripe gave them',
      ['status'],
    ),
    checkoutSessions: counter('payments_checkout_sessions_total', 'Hosted Checkout sessions created'),
    webhooks: counter(
      'payments_webhooks_total',
      'Stripe webhook deliveries, by event type and outcome (applied, duplicate, ignored, rejected, failed)',
      ['type', 'outcome'],
    ),
    refunds: counter(
      'payments_refunds_total',
      'Refunds for booking conflicts, by outcome (refunded, duplicate, failed)',
      ['outcome'],
    ),
    signInLinks: counter(
      'payments_sign_in_links_total',
      'Sign-in link requests, by outcome (sent, not-subscribed, email-limit, address-limit, failed)',
      ['outcome'],
    ),
    welcomeEmails: counter('payments_welcome_emails_total', 'Welcome e-mails sent to new subscribers'),
    alreadySubscribedEmails: counter(
      'payments_already_subscribed_emails_total',
      'E-mails to a subscriber whose address started another subscription, by outcome (sent, email-limit, failed)',
      ['outcome'],
    ),
  };
}
