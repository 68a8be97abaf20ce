// The signed subscriber cookie (kit's subscriber-cookie.ts) that ai-query reads to know a subscriber.
import type { Request, Response } from 'express';
import { SUBSCRIBER_COOKIE } from '@hhp/proto';
import {
  SUBSCRIBER_COOKIE_MAX_AGE_SECONDS,
  readSubscriberCookie,
  signSubscriberCookie,
  signedCookie,
  type Secrets,
} from '@hhp/kit';

/**
 * HttpOnly (no script reads it), SameSite=Lax (sent on the visitor's own navigation, not on other sites'
 * requests), Secure when the request came over https: `req.secure` believes X-Forwarded-Proto only from
 * the trusted proxies (TRUSTED_PROXIES), so plain http on a developer's machine still gets it.
 */
export function setSubscriberCookie(req: Request, res: Response, customerId: string, secrets: Secrets): void {
  res.cookie(SUBSCRIBER_COOKIE, signSubscriberCookie(customerId, secrets), {
    httpOnly: true,
    secure: req.secure,
    sameSite: 'lax',
    path: '/',
    maxAge: SUBSCRIBER_COOKIE_MAX_AGE_SECONDS * 1000,
  });
}

/**
 * The customer of the request's well-signed cookie, and whether the newest secret did not sign it (a rotation,
 * or its earlier form), so that it should be signed anew; undefined without one. `secrets`: the current one first.
 */
export function cookieSubscriber(req: Request, secrets: Secrets): { customerId: string; stale: boolean } | undefined {
  const value = signedCookie(req.headers.cookie, SUBSCRIBER_COOKIE);
  return value === undefined ? undefined : readSubscriberCookie(value, secrets);
}

/** The customer id of the request's well-signed cookie; undefined without one. */
export function cookieCustomer(req: Request, secrets: Secrets): string | undefined {
  return cookieSubscriber(req, secrets)?.customerId;
}
