import './raw-body.js';
import express, { type RequestHandler } from 'express';
import { HttpError } from '../errors.js';

export const JSON_BODY_LIMIT = '16kb';

/** Parses JSON bodies up to 16 kB and keeps the raw bytes on `req.rawBody` (for signature checks). */
export const jsonBody = (): RequestHandler =>
  express.json({
    limit: JSON_BODY_LIMIT,
    verify: (req, _res, buf) => {
      req.rawBody = buf;
    },
  });

/** A request that carries a body must say it is JSON: every route of the portal speaks JSON only. */
export const requireJsonContentType = (): RequestHandler => (req, _res, next) => {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (hasBody && !req.is('application/json')) {
    next(new HttpError(415, 'Content-Type must be application/json'));
    return;
  }
  next();
};
