import './raw-body.js';
import express, { type RequestHandler } from 'express';
import { MAX_JSON_BODY_BYTES } from '@hhp/proto';
import { HttpError } from '../errors.js';

/** How the limit reads in a message: proto's MAX_JSON_BODY_BYTES, which the OpenAPI document states. */
export const JSON_BODY_LIMIT = `${MAX_JSON_BODY_BYTES / 1024}kb`;

const parseJson = express.json({
  limit: MAX_JSON_BODY_BYTES,
  verify: (req, _res, buf) => {
    req.rawBody = buf;
  },
});

/**
 * A body sent with Content-Encoding gzip, deflate, br or zstd that does not decompress: body-parser passes
 * zlib's own error on (a `code` such as Z_DATA_ERROR, no `type`), which would otherwise be a 500. It is
 * the client's bytes that are wrong, so it is a 400 that names the encoding.
 */
function isDecompressionError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || 'type' in err) return false;
  const { code } = err as { code?: unknown };
  return typeof code === 'string' && /^(Z_|ERR_BROTLI|ERR__ERROR|ZSTD_)/.test(code);
}

/** Parses JSON bodies up to MAX_JSON_BODY_BYTES (16 KiB) and keeps the raw bytes on `req.rawBody` (for signature checks). */
export const jsonBody = (): RequestHandler => (req, res, next) => {
  parseJson(req, res, (err?: unknown) => {
    if (isDecompressionError(err)) {
      const encoding = String(req.headers['content-encoding'] ?? '').toLowerCase();
      next(
        new HttpError(400, `Request body is not valid ${encoding} data (Content-Encoding: ${encoding})`, {
          cause: err,
        }),
      );
      return;
    }
    next(err);
  });
};

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
