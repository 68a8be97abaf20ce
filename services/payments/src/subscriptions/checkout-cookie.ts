// Which browser started a hosted Checkout. Stripe sends the visitor back to /subscription-confirmed with the
// Checkout session's id in the address, so the id is in the browser's history, in access logs and in anything
// the address is shared with: it cannot be what makes a browser a subscriber. create-checkout-session sets
// `hhp_checkout` = `<checkout session id>.<HMAC>` (a purpose of its own, SUBSCRIBER_COOKIE_SECRET), HttpOnly and
// sent only to checkout-complete; checkout-complete gives the subscriber cookie only to the browser holding the
// cookie of that very session. The latest checkout a browser started is the one it can complete.
import type { Request, Response } from 'express';
import { purposeMac, signedByAny, signedCookie } from '@hhp/kit';

export const CHECKOUT_COOKIE = 'hhp_checkout';
export const CHECKOUT_COOKIE_PATH = '/api/subscription/checkout-complete';
/** Stripe's Checkout sessions expire after a day by default. */
const MAX_AGE_SECONDS = 24 * 60 * 60;
const PURPOSE = 'hhp-checkout-started:v1';

export const checkoutCookieValue = (checkoutSessionId: string, secret: string) =>
  `${checkoutSessionId}.${purposeMac(PURPOSE, checkoutSessionId, secret)}`;

export function setCheckoutCookie(req: Request, res: Response, checkoutSessionId: string, secret: string): void {
  res.cookie(CHECKOUT_COOKIE, checkoutCookieValue(checkoutSessionId, secret), {
    httpOnly: true,
    secure: req.secure,
    sameSite: 'lax',
    path: CHECKOUT_COOKIE_PATH,
    maxAge: MAX_AGE_SECONDS * 1000,
  });
}

/** The Checkout session this browser started, from a well-signed cookie (current or previous secret). */
export function startedCheckout(req: Request, secrets: readonly (string | undefined)[]): string | undefined {
  const match = /^(cs_[A-Za-z0-9_]+)\.([A-Za-z0-9_-]{43})$/.exec(
    signedCookie(req.headers.cookie, CHECKOUT_COOKIE) ?? '',
  );
  if (!match) return undefined;
  const [, id, mac] = match as unknown as [string, string, string];
  return signedByAny(PURPOSE, id, mac, secrets) ? id : undefined;
}
