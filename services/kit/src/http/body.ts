import './raw-body.js';
import express, { type Request, type RequestHandler } from 'express';
import { MAX_JSON_BODY_BYTES } from '@hhp/proto';
import { HttpError } from '../errors.js';

/** How the limit reads in a message: proto's MAX_JSON_BODY_BYTES, which the OpenAPI document states. */
export const JSON_BODY_LIMIT = `${MAX_JSON_BODY_BYTES / 1024}kb`;

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

/** "16kb", "1024kb": how a limit reads in a 413's message. */
const readableLimit = (limitBytes: number) => `${Math.ceil(limitBytes / 1024)}kb`;

/** Runs a body-parser parser and turns its errors about the client's bytes into clear 4xx answers. */
function withClearErrors(parse: RequestHandler, limitBytes: number): RequestHandler {
  return (req, res, next) => {
    parse(req, res, (err?: unknown) => {
      if (isDecompressionError(err)) {
        const encoding = String(req.headers['content-encoding'] ?? '').toLowerCase();
        next(
          new HttpError(400, `Request body is not valid ${encoding} data (Content-Encoding: ${encoding})`, {
            cause: err,
          }),
        );
        return;
      }
      if (typeof err === 'object' && err !== null && 'type' in err && err.type === 'entity.too.large') {
        next(new HttpError(413, `Request body is too large (limit ${readableLimit(limitBytes)})`, { cause: err }));
        return;
      }
      next(err);
    });
  };
}

/**
 * Parses JSON bodies up to `limitBytes` and keeps the raw bytes on `req.rawBody` (for signature checks). The
 * default, proto's MAX_JSON_BODY_BYTES (160 KiB), is what the largest request of any route takes when every
 * field is at its character limit and every character is written as a `\uXXXX` escape: a limit in bytes never
 * refuses what a schema's limit in characters allows.
 */
export function jsonBody({ limitBytes = MAX_JSON_BODY_BYTES }: { limitBytes?: number } = {}): RequestHandler {
  const parse = express.json({
    limit: limitBytes,
    verify: (req, _res, buf) => {
      req.rawBody = buf;
    },
  });
  return withClearErrors(parse, limitBytes);
}

/**
 * Keeps the body as it came, whatever its content type, on `req.rawBody` (and `req.body`) as a Buffer, up to
 * `limitBytes`: a webhook's signature is computed over these exact bytes (a re-serialised JSON would not match).
 * An empty body is an empty Buffer.
 */
export function rawBody({ limitBytes }: { limitBytes: number }): RequestHandler {
  const parse = express.raw({ type: () => true, limit: limitBytes });
  return withClearErrors((req, res, next) => {
    parse(req, res, (err?: unknown) => {
      if (!err) {
        const body: unknown = req.body;
        req.rawBody = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        req.body = req.rawBody;
      }
      next(err);
    });
  }, limitBytes);
}

/**
 * A route that parses its body its own way: the kit runs `parsers` for it instead of the default (JSON only,
 * at most MAX_JSON_BODY_BYTES). `method` (any when left out) and `path` match the request exactly, as the route is declared.
 */
export interface RouteBody {
  method?: string;
  path: string;
  parsers: RequestHandler[];
}

/** A JSON route with a larger limit than the default (a Content-Type other than JSON is still a 415). */
export const largerJsonBody = (limitBytes: number): RequestHandler[] => [
  requireJsonContentType(),
  jsonBody({ limitBytes }),
];

/** The default parsers, or a route's own, never both: a body can be read only once. */
export function bodyParsers(routes: readonly RouteBody[] = []): RequestHandler {
  const defaults = [requireJsonContentType(), jsonBody()];
  return (req, res, next) => {
    const route = routes.find(
      ({ method, path }) => path === req.path && (method === undefined || method.toUpperCase() === req.method),
    );
    const parsers = route?.parsers ?? defaults;
    let i = 0;
    const step = (err?: unknown): void => {
      if (err || i === parsers.length) {
        next(err);
        return;
      }
      parsers[i++]!(req, res, step);
    };
    step();
  };
}

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

/** What a body that is JSON but not an object is told (error-handler.ts says it for a body that is not JSON at all). */
const NOT_AN_OBJECT =
  'The request was not understood: its body must be a JSON object. Please reload the page and try again.';

/** The parsed JSON body as an object, for a route to parse with its schema (an absent body reads as `{}`, so zod names the missing fields). */
export function bodyObject(req: Request): unknown {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, NOT_AN_OBJECT);
  return body;
}
