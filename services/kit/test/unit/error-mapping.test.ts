// toHttpError's mapping of what is not an HttpError: the kinds of errors the database-lost and protocol-edges
// integration tests produce for real, and the ones that must stay 500 (a bug is not an outage).
import mongoose from 'mongoose';
import {
  DATABASE_UNAVAILABLE,
  DEPENDENCY_UNAVAILABLE,
  MALFORMED_PATH,
  toHttpError,
} from '../../src/http/error-handler.js';
import { isDatabaseUnavailable } from '../../src/data/mongo.js';

const { MongoNetworkError, MongoNetworkTimeoutError, MongoServerError, MongoNotConnectedError } = mongoose.mongo;

describe('toHttpError', () => {
  test.each([
    ['a connection closed under an operation', new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed')],
    ['a connection that timed out', new MongoNetworkTimeoutError('connection timed out')],
    ['a client that is not connected', new MongoNotConnectedError('Client must be connected')],
    [
      'a server shutting down (labelled retryable by the server)',
      new MongoServerError({
        message: 'The server is in quiesce mode',
        code: 91,
        errorLabels: ['RetryableWriteError'],
      }),
    ],
    ['a pool reset', new MongoServerError({ message: 'reset', code: 1, errorLabels: ['ResetPool'] })],
    [
      'an overloaded server',
      new MongoServerError({ message: 'busy', code: 1, errorLabels: ['SystemOverloadedError'] }),
    ],
    [
      "FerretDB's PostgreSQL gone under a command",
      new MongoServerError({ message: '[msg_insert.go:168 handler.(*Handler).MsgInsert] unexpected EOF', code: 1 }),
    ],
    [
      "FerretDB's PostgreSQL refusing connections",
      new MongoServerError({
        message: 'failed to connect to `user=ferretdb database=ferretdb`: dial error: connection refused',
        code: 1,
      }),
    ],
    [
      "FerretDB's PostgreSQL starting up",
      new MongoServerError({ message: 'FATAL: the database system is starting up (SQLSTATE 57P03)', code: 1 }),
    ],
    [
      'a lost connection wrapped by a service',
      new Error('could not store', { cause: new MongoNetworkError('closed') }),
    ],
  ])('when the database error is %s, then the answer is 503 and says the database is unreachable', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    const mapped = toHttpError(err);
    expect(mapped.status).toBe(503);
    expect(mapped.message).toBe(DATABASE_UNAVAILABLE);
  });

  test("when a socket's own error reaches the route (EPIPE from a socket the database closed), then it is 503", () => {
    const err = Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' });
    expect(toHttpError(err)).toMatchObject({ status: 503, message: DEPENDENCY_UNAVAILABLE });
  });

  test.each([
    ['a duplicate key', new MongoServerError({ message: 'E11000 duplicate key', code: 11000 })],
    ['a bad query', new MongoServerError({ message: 'unknown operator: $foo', code: 2 })],
    [
      'PostgreSQL refusing the data (a NUL)',
      new MongoServerError({ message: 'ERROR: unsupported Unicode escape sequence (SQLSTATE 22P05)', code: 1 }),
    ],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('when the error is %s, then it stays a 500', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(toHttpError(err).status).toBe(500);
  });

  test('when the router cannot decode a path parameter, then the answer is 400 in the kit words', () => {
    const err = Object.assign(new URIError("Failed to decode param '%ff'"), { status: 400, statusCode: 400 });
    expect(toHttpError(err)).toMatchObject({ status: 400, message: MALFORMED_PATH });
  });

  test('when express marks another error 4xx, then that status is kept with its standard text', () => {
    const err = Object.assign(new Error('some internal detail'), { status: 416 });
    expect(toHttpError(err)).toMatchObject({ status: 416, message: 'Range Not Satisfiable' });
  });
});
