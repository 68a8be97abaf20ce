// Which browser started a hosted Checkout. Stripe sends the visitor back to /subscription-confirmed with the
// Checkout session's id in the address, so the id is in the browser's history, in access logs and in anything
// the address is shared with: it cannot be what makes a browser a subscriber. create-checkout-session sets
// `hhp_checkout` = `<checkout session id>.0.<key id><MAC>` (the kit's signed-value.ts, a purpose of its own,
// SUBSCRIBER_COOKIE_SECRET), HttpOnly and sent only to checkout-complete; checkout-complete gives the subscriber
// cookie only to the browser holding the cookie of that very session. The latest checkout a browser started is
// the one it can complete. The value itself does not expire (the same Checkout always gives the same value);
// the cookie lasts a day, as Stripe's Checkout session does. Its earlier form, `<id>.<HMAC>`, verifies until
// the kit's EARLIER_FORMS_UNTIL.
import type { Request, Response } from 'express';
import { earlierPurposeInput, signValue, signedCookie, signedInEarlierForm, verifyValue, type Secrets } from '@hhp/kit';

export const CHECKOUT_COOKIE = 'hhp_checkout';
export const CHECKOUT_COOKIE_PATH = '/api/subscription/checkout-complete';
/** Stripe's Checkout sessions expire after a day by default. */
const MAX_AGE_SECONDS = 24 * 60 * 60;
const CHECKOUT_ID = /^cs_[A-Za-z0-9_]+$/;

export const checkoutCookieValue = (checkoutSessionId: string, secrets: Secrets) =>
  signValue(secrets, 'checkout-started', checkoutSessionId, 'never');

export function setCheckoutCookie(req: Request, res: Response, checkoutSessionId: string, secrets: Secrets): void {
  res.cookie(CHECKOUT_COOKIE, checkoutCookieValue(checkoutSessionId, secrets), {
    httpOnly: true,
    secure: req.secure,
    sameSite: 'lax',
    path: CHECKOUT_COOKIE_PATH,
    maxAge: MAX_AGE_SECONDS * 1000,
  });
}

function earlierForm(value: string, secrets: Secrets): string | undefined {
  const [id = '', mac, ...rest] = value.split('.');
  const input = earlierPurposeInput('hhp-checkout-started:v1', id);
  return rest.length === 0 && signedInEarlierForm(secrets, input, mac, Date.now()) ? id : undefined;
}

/** The Checkout session this browser started, from a well-signed cookie (current or previous secret). */
export function startedCheckout(req: Request, secrets: Secrets): string | undefined {
  const value = signedCookie(req.headers.cookie, CHECKOUT_COOKIE) ?? '';
  const id = verifyValue(secrets, 'checkout-started', value)?.payload ?? earlierForm(value, secrets);
  return id && CHECKOUT_ID.test(id) ? id : undefined;
}
