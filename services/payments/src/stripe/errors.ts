// What a visitor is told when Stripe refuses or fails. A declined card is the visitor's to fix, so Stripe's
// own message goes back (402, as the specification's "Payment Failed" toast shows it); a request Stripe
// found wrong is our bug or a stale id, and anything else (Stripe unreachable, a bad key, rate limits) is
// a 502 with a message that reveals nothing of our account. The details go to the log.
import { HttpError } from '@hhp/kit';
import type { Logger } from 'pino';

export const PROVIDER_FAILED = 'The payment provider could not complete the request. Please try again in a moment.';

interface StripeLikeError {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  requestId?: string;
}

export function isStripeError(err: unknown): err is StripeLikeError {
  const type: unknown = err instanceof Error ? (err as Error & { type?: unknown }).type : undefined;
  return typeof type === 'string' && type.startsWith('Stripe');
}

/** Stripe answered 404 for an id we passed on (`resource_missing`). */
const isMissingResource = (err: unknown): boolean =>
  isStripeError(err) && err.type === 'StripeInvalidRequestError' && err.code === 'resource_missing';

/**
 * The HttpError for a failed Stripe call: `notFound` names what a `resource_missing` means to the visitor
 * (an unknown customer, checkout session …); without it that is a 502 like the rest.
 */
export function stripeFailure(err: unknown, logger: Logger, { notFound }: { notFound?: string } = {}): HttpError {
  if (err instanceof HttpError) return err;
  if (!isStripeError(err)) {
    logger.error({ err }, 'payment call failed');
    return new HttpError(502, PROVIDER_FAILED, { cause: err });
  }
  const detail = { type: err.type, code: err.code, statusCode: err.statusCode, stripeRequestId: err.requestId };
  if (err.type === 'StripeCardError') {
    logger.info(detail, 'card declined');
    return new HttpError(402, err.message, { cause: err });
  }
  if (notFound && isMissingResource(err)) {
    logger.info(detail, 'unknown Stripe object');
    return new HttpError(404, notFound, { cause: err });
  }
  logger.error({ ...detail, err }, 'Stripe call failed');
  return new HttpError(502, PROVIDER_FAILED, { cause: err });
}

/** Runs a Stripe call and turns its failure into the visitor's HttpError. */
export async function callStripe<T>(
  logger: Logger,
  call: () => Promise<T>,
  options: { notFound?: string } = {},
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw stripeFailure(err, logger, options);
  }
}
