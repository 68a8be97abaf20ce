import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, formatZodError, isZodError } from '../errors.js';
import { JSON_BODY_LIMIT } from './body.js';
import { requestContext } from './request-context.js';

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

/** Maps any error to `{ status, message }`; unknown errors become 500 without leaking details. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (isZodError(err)) return new HttpError(400, formatZodError(err));
  if (isBodyParserError(err)) {
    switch (err.type) {
      case 'entity.parse.failed':
        return new HttpError(400, 'Malformed JSON body');
      case 'entity.too.large':
        return new HttpError(413, `Request body is too large (limit ${JSON_BODY_LIMIT})`);
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return new HttpError(415, err.message);
      default:
        if (err.status && err.status >= 400 && err.status < 500) return new HttpError(err.status, err.message);
    }
  }
  return new HttpError(500, 'Internal server error', { cause: err });
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const httpError = toHttpError(err);
  const { logger } = requestContext(req);
  if (httpError.status >= 500) logger.error({ err }, 'request failed');
  else logger.info({ status: httpError.status, reason: httpError.message }, 'request rejected');
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(httpError.status).json({ message: httpError.message });
};
