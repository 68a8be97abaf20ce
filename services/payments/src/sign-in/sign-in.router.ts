import { Router } from 'express';
import { CompleteSignInRequest, PortalRequest, SIGN_IN_LINK_ANSWER, SignInLinkRequest } from '@hhp/proto';
import { requestContext, type Logger } from '@hhp/kit';
import { parseBody } from '../parse-body.js';
import { cookieCustomer, setSubscriberCookie } from '../subscriptions/subscriber-cookie.js';
import { completeSignIn } from './complete-sign-in.js';
import type { SignInDeps } from './deps.js';
import { createPortalSession } from './portal.js';
import { TooManySignIns, admitSignIn, sendSignInLink } from './request-link.js';

/** The sends that run after their answers: awaited on shutdown (and by tests). */
export class PendingSends {
  private readonly running = new Set<Promise<unknown>>();

  run<Outcome extends string>(
    work: Promise<Outcome>,
    logger: Logger,
    counted: (outcome: Outcome | 'failed') => void,
  ): void {
    const tracked = work.then(counted, (err: unknown) => {
      counted('failed');
      logger.error({ err }, 'e-mail not sent');
    });
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

/**
 * POST /api/subscription/sign-in (the same 202 for every address), /api/subscription/sign-in/complete
 * (sets the subscriber cookie), /api/subscription/portal (Stripe's customer portal).
 */
export function signInRouter(deps: SignInDeps, pending: PendingSends): Router {
  const router = Router();
  router.post('/api/subscription/sign-in', async (req, res) => {
    const { email } = parseBody(SignInLinkRequest, req);
    const { clientAddress, logger } = requestContext(req);
    res.set('Cache-Control', 'no-store');
    try {
      await admitSignIn(deps, clientAddress);
    } catch (err) {
      if (!(err instanceof TooManySignIns)) throw err;
      deps.metrics.signInLinks.inc({ outcome: 'address-limit' });
      res.set('Retry-After', String(err.retryAfterSeconds)).status(429).json({ message: err.message });
      return;
    }
    pending.run(sendSignInLink(deps, email, logger), logger, (outcome) => deps.metrics.signInLinks.inc({ outcome }));
    res.status(202).json({ message: SIGN_IN_LINK_ANSWER });
  });
  router.post('/api/subscription/sign-in/complete', async (req, res) => {
    const { token } = parseBody(CompleteSignInRequest, req);
    res.set('Cache-Control', 'no-store');
    const { customerId, status } = await completeSignIn(deps, token);
    setSubscriberCookie(req, res, customerId, deps.cookieSecret);
    requestContext(req).logger.info({ customerId }, 'signed in by link');
    res.json(status);
  });
  router.post('/api/subscription/portal', async (req, res) => {
    const { token } = parseBody(PortalRequest, req);
    res.set('Cache-Control', 'no-store');
    const cookieCustomerId = cookieCustomer(req, [deps.cookieSecret, deps.previousCookieSecret]);
    const answer = await createPortalSession(
      deps,
      { ...(token !== undefined && { token }), ...(cookieCustomerId && { cookieCustomerId }) },
      requestContext(req).logger,
    );
    res.json(answer);
  });
  return router;
}
