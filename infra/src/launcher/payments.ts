// The launcher's part in payments: the Stripe variables reach the payments service only (no other process
// needs the secret key), payments gets the portal's address for Checkout's return URLs, and the start
// banner says whether payments are on and, when they are off, which variables turn them on.

/** Read by the payments service only (services/payments/src/config.ts). */
export const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
] as const;

/** The environment without the Stripe variables, for every service but payments. */
export function withoutStripe(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const stripe = new Set<string>(STRIPE_VARIABLES);
  return Object.fromEntries(Object.entries(env).filter(([name]) => !stripe.has(name)));
}

/** What the payments service gets besides every service's variables. */
export function paymentsEnv(env: NodeJS.ProcessEnv, portalUrl: string): Record<string, string> {
  const stripe = Object.fromEntries(STRIPE_VARIABLES.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  return { ...stripe, PUBLIC_BASE_URL: env.PUBLIC_BASE_URL || env.PUBLIC_URL || portalUrl };
}

/** The banner's line about payments. */
export function paymentsBanner(env: NodeJS.ProcessEnv, portalUrl: string): string {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY) {
    return (
      '  payments: off (payment calls answer 503). To turn them on, set STRIPE_SECRET_KEY and ' +
      'STRIPE_PUBLISHABLE_KEY (test keys sk_test_…, pk_test_…) and STRIPE_WEBHOOK_SECRET; see services/payments/README.md'
    );
  }
  const mode = env.STRIPE_SECRET_KEY.includes('_live_') ? 'LIVE mode' : 'test mode';
  const server = env.STRIPE_API_URL ? ` at ${env.STRIPE_API_URL}` : '';
  const webhooks = env.STRIPE_WEBHOOK_SECRET
    ? `webhooks: stripe listen --forward-to ${new URL('/api/stripe/webhook', portalUrl).host}/api/stripe/webhook`
    : 'webhooks: off until STRIPE_WEBHOOK_SECRET is set (paid sessions stay unconfirmed)';
  return `  payments: on, Stripe ${mode}${server}  ·  ${webhooks}`;
}
