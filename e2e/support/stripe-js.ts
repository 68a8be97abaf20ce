// A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js, which @stripe/stripe-js's loadStripe adds
// to the page), served through Playwright's routing: the machine reaches no network but the package registries,
// and the real script would talk to api.stripe.com. It implements what the portal's screens call, and drives the
// real contract: confirmPayment leaves for the return address with Stripe's query parameters; confirmSetup
// resolves a succeeded SetupIntent with a card; confirmCardPayment resolves a succeeded PaymentIntent. The
// Payment Element it mounts is a labelled test card field, so axe scans the page as it would with Stripe's
// iframe (whose inside axe cannot reach either).
import type { Page } from '@playwright/test';

export interface StripeStandIn {
  /** confirmPayment answers this card error instead of leaving for the return address. */
  paymentError?: string;
  /** confirmSetup answers this card error instead of a succeeded SetupIntent. */
  setupError?: string;
  /** confirmSetup goes through the bank's own page: it leaves for the return address, as Stripe does then. */
  setupRedirect?: boolean;
  /** confirmCardPayment (an invoice that needs 3-D Secure) answers this error. */
  cardPaymentError?: string;
  /** The Payment Element fails to load with this message (a refused client secret). */
  loadError?: string;
}

/** What the page's code asked of Stripe.js, read back with `stripeCalls(page)`. */
export interface StripeCall {
  method: string;
  key?: string;
  clientSecret?: string;
  returnUrl?: string;
  redirect?: string;
}

function standInSource(options: StripeStandIn): string {
  return `(() => {
  const options = ${JSON.stringify(options)};
  const calls = (window.__stripeCalls = window.__stripeCalls || []);
  const idOf = (secret) => String(secret).split('_secret_')[0];
  function Stripe(key) {
    if (!/^pk_(test|live)_/.test(String(key))) throw new Error('Invalid API Key provided: ' + key);
    calls.push({ method: 'Stripe', key });
    function elements(elementsOptions) {
      const clientSecret = elementsOptions && elementsOptions.clientSecret;
      calls.push({ method: 'elements', clientSecret });
      const created = [];
      return {
        __clientSecret: clientSecret,
        create(type) {
          const handlers = {};
          let node = null;
          const emit = (name, event) => (handlers[name] || []).slice().forEach((handler) => handler(event));
          const element = {
            mount(target) {
              node = typeof target === 'string' ? document.querySelector(target) : target;
              node.innerHTML =
                '<div data-testid="stripe-payment-element"><label style="display:flex;flex-direction:column;gap:4px">' +
                'Card number (test)<input name="cardnumber" value="4242 4242 4242 4242" autocomplete="cc-number" ' +
                'style="padding:6px 10px;border:1px solid #767676;border-radius:8px;font:inherit"></label></div>';
              setTimeout(() => {
                if (options.loadError) emit('loaderror', { elementType: type, error: { type: 'invalid_request_error', message: options.loadError } });
                else emit('ready', { elementType: type });
              }, 50);
            },
            on(name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
            off(name, handler) { handlers[name] = (handlers[name] || []).filter((h) => h !== handler); return element; },
            update() {},
            unmount() { if (node) node.innerHTML = ''; },
            destroy() { if (node) node.innerHTML = ''; },
            focus() {}, blur() {}, clear() {}, collapse() {},
          };
          created.push({ type, element });
          return element;
        },
        getElement(type) { const found = created.find((entry) => entry.type === type); return found ? found.element : null; },
        update() {},
        submit: async () => ({}),
        fetchUpdates: async () => ({}),
      };
    }
    return {
      elements,
      createToken: async () => ({ error: { type: 'invalid_request_error', message: 'not in the stand-in' } }),
      createPaymentMethod: async () => ({ paymentMethod: { id: 'pm_card_visa' } }),
      async confirmPayment({ elements, confirmParams }) {
        const clientSecret = elements.__clientSecret;
        calls.push({ method: 'confirmPayment', clientSecret, returnUrl: confirmParams && confirmParams.return_url });
        if (options.paymentError) return { error: { type: 'card_error', code: 'card_declined', message: options.paymentError } };
        const url = new URL(confirmParams.return_url);
        url.searchParams.set('payment_intent', idOf(clientSecret));
        url.searchParams.set('payment_intent_client_secret', clientSecret);
        url.searchParams.set('redirect_status', 'succeeded');
        window.location.assign(url.href);
        return new Promise(() => {});
      },
      async confirmSetup({ elements, confirmParams, redirect }) {
        const clientSecret = elements.__clientSecret;
        calls.push({ method: 'confirmSetup', clientSecret, returnUrl: confirmParams && confirmParams.return_url, redirect });
        if (options.setupError) return { error: { type: 'card_error', code: 'card_declined', message: options.setupError } };
        if (options.setupRedirect) {
          const url = new URL(confirmParams.return_url);
          url.searchParams.set('setup_intent', idOf(clientSecret));
          url.searchParams.set('setup_intent_client_secret', clientSecret);
          url.searchParams.set('redirect_status', 'succeeded');
          window.location.assign(url.href);
          return new Promise(() => {});
        }
        return { setupIntent: { id: idOf(clientSecret), object: 'setup_intent', status: 'succeeded', client_secret: clientSecret, payment_method: 'pm_card_visa' } };
      },
      async confirmCardPayment(clientSecret) {
        calls.push({ method: 'confirmCardPayment', clientSecret });
        if (options.cardPaymentError) return { error: { type: 'card_error', code: 'card_declined', message: options.cardPaymentError } };
        return { paymentIntent: { id: idOf(clientSecret), object: 'payment_intent', status: 'succeeded' } };
      },
      async retrieveSetupIntent(clientSecret) {
        calls.push({ method: 'retrieveSetupIntent', clientSecret });
        return { setupIntent: { id: idOf(clientSecret), status: 'succeeded', client_secret: clientSecret, payment_method: 'pm_card_visa' } };
      },
      async retrievePaymentIntent(clientSecret) {
        return { paymentIntent: { id: idOf(clientSecret), status: 'succeeded', client_secret: clientSecret } };
      },
      _registerWrapper() {},
      registerAppInfo() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;
}

/** Call before `page.goto`: every script from js.stripe.com is the stand-in. */
export async function serveStripeJs(page: Page, options: StripeStandIn = {}): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: standInSource(options) }),
  );
}

/** The calls the page made to the stand-in so far. */
export function stripeCalls(page: Page): Promise<StripeCall[]> {
  return page.evaluate(() => (window as unknown as { __stripeCalls?: StripeCall[] }).__stripeCalls ?? []);
}
