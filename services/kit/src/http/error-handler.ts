import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { within } from '../deadline.js';
import { DEFAULT_RETRY_AFTER_SECONDS, HttpError, formatZodError, isZodError } from '../errors.js';
import { isDatabaseUnavailable, isServerInternalError } from '../data/mongo.js';
import { JSON_BODY_LIMIT } from './body.js';
import { requestContext } from './request-context.js';

/** The answer when the database cannot be reached: to a visitor, the same as a stall (orUnavailable). */
export const DATABASE_UNAVAILABLE = 'The database is not reachable right now; please try again shortly';

/** The answer when a connection to something the service depends on broke under the request. */
export const DEPENDENCY_UNAVAILABLE =
  'A service the portal depends on is not reachable right now; please try again shortly';

export const MALFORMED_PATH = 'Malformed percent-encoding in the path';

/**
 * The answer to a body that is not JSON. Browsers reach it only through a page that sent something it should
 * not (an old tab after a release, an extension): the visitor is told what to do, an API client what is wrong.
 */
export const MALFORMED_JSON =
  'The request was not understood: its body is not valid JSON. Please reload the page and try again.';

/** The answer to anything unforeseen (logged with its error): what happened to the visitor, and what to do. */
export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again in a moment.';

/** Node's codes for a connection refused, reset, ended or timed out. */
const CONNECTION_LOST = new Set([
  'EPIPE',
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * A socket's own error that reached a route unwrapped (the MongoDB driver writing to a socket FerretDB had just
 * closed threw Node's EPIPE, not a MongoNetworkError): whoever was on the other end, it is not reachable.
 */
function isConnectionLost(err: unknown): boolean {
  // Not `instanceof Error`: Node makes these in its own realm, which is not a test's (jest's VM modules).
  return typeof err === 'object' && err !== null && 'code' in err && CONNECTION_LOST.has(String(err.code));
}

export const notFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `Not found: ${req.method} ${req.originalUrl.split('?')[0]}`));
};

interface BodyParserError {
  type: string;
  status?: number;
  message: string;
}

function isBodyParserError(err: unknown): err is BodyParserError {
  return typeof err === 'object' && err !== null && 'type' in err && typeof err.type === 'string';
}

/** The 4xx status an error from express or its router carries (`status`, as http-errors and the router set it). */
function clientErrorStatus(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const status = 'status' in err ? err.status : 'statusCode' in err ? err.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** Maps any error to `{ status, message }`; unknown errors become 500 without leaking details. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (isZodError(err)) return new HttpError(400, formatZodError(err));
  if (isBodyParserError(err)) {
    switch (err.type) {
      case 'entity.parse.failed':
        return new HttpError(400, MALFORMED_JSON);
      case 'entity.too.large':
        return new HttpError(413, `Request body is too large (limit ${JSON_BODY_LIMIT})`);
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return new HttpError(415, err.message);
      default:
        if (err.status && err.status >= 400 && err.status < 500) return new HttpError(err.status, err.message);
    }
  }
  if (isDatabaseUnavailable(err)) return new HttpError(503, DATABASE_UNAVAILABLE, { cause: err });
  if (isConnectionLost(err)) return new HttpError(503, DEPENDENCY_UNAVAILABLE, { cause: err });
  const status = clientErrorStatus(err);
  if (status !== undefined) {
    // The router marks a path parameter it cannot decode (decodeURIComponent's URIError) 400; its message
    // quotes the raw bytes back, so the answer says what is wrong in the kit's words.
    if (err instanceof URIError) return new HttpError(400, MALFORMED_PATH, { cause: err });
    return new HttpError(status, STATUS_CODES[status] ?? 'Bad request', { cause: err });
  }
  return new HttpError(500, INTERNAL_ERROR, { cause: err });
}

export interface ErrorHandlerOptions {
  /** Whether the database answers right now (the kit's ping): tells an outage from a bad command (below). */
  databaseReachable?: () => Promise<boolean>;
}

/** How long the error handler waits for the database's ping before it counts it unreachable. */
const REACHABLE_CHECK_MS = 1000;

async function reachable(check: () => Promise<boolean>): Promise<boolean> {
  const answer = await within(REACHABLE_CHECK_MS, check()).catch(() => false);
  return answer === true;
}

/**
 * The last handler: every error becomes `{ message }` with its status (toHttpError), a 503 with Retry-After.
 * A command the database server failed itself is a 503 when the database does not answer a ping either
 * (FerretDB without its PostgreSQL), else the 500 it is.
 */
export function createErrorHandler({ databaseReachable }: ErrorHandlerOptions = {}): ErrorRequestHandler {
  return async (err, req, res, _next) => {
    let httpError = toHttpError(err);
    if (httpError.status === 500 && databaseReachable && isServerInternalError(err)) {
      if (!(await reachable(databaseReachable))) httpError = new HttpError(503, DATABASE_UNAVAILABLE, { cause: err });
    }
    answer(httpError, err, req, res);
  };
}

function answer(httpError: HttpError, err: unknown, req: Request, res: Response): void {
  const { logger } = requestContext(req);
  if (httpError.status >= 500) logger.error({ err }, 'request failed');
  else logger.info({ status: httpError.status, reason: httpError.message }, 'request rejected');
  if (res.headersSent) {
    res.end();
    return;
  }
  res.set(httpError.headers);
  // Every 503 says when to come back; a route (or the error) that knows better has set it already.
  if (httpError.status === 503 && !res.get('Retry-After')) res.set('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
  res.status(httpError.status).json({ message: httpError.message });
}
