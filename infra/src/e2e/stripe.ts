// The Stripe settings of the end-to-end stack (global-setup.ts gives them to the payments service, which
// talks to a stripe-mock started for the run). Specs sign webhooks with STRIPE_TEST_WEBHOOK_SECRET, e.g.
//   Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_WEBHOOK_SECRET })
// and read STRIPE_TEST_PUBLISHABLE_KEY where the browser shows it. Test-mode values of no account: they
// only ever reach stripe-mock. (With E2E_EXTERNAL_URL the portal is someone else's and has its own.)
export const STRIPE_TEST_SECRET_KEY = 'sk_test_hhpEndToEnd0000000000';
export const STRIPE_TEST_PUBLISHABLE_KEY = 'pk_test_hhpEndToEnd0000000000';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_hhpEndToEnd000000000000000000000000';
