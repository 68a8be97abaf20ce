import mongoose, { type Connection } from 'mongoose';
import type { Logger } from 'pino';

export interface Mongo {
  connection: Connection;
  /** true when the server answers a ping right now (used by /readyz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * How long an operation waits for a database it cannot reach (the driver's server selection): a blip shorter
 * than this (FerretDB restarted by the launcher, a primary elected) is ridden out; beyond it the operation
 * fails, and a visitor gets the kit's 503 (isDatabaseUnavailable), not a wait of mongoose's 10 s.
 */
export const DATABASE_WAIT_MS = 2_000;
/** How long a service that is starting waits for its database before it gives up (and is restarted). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * One connection per service, to the service's own database. `sanitizeFilter` wraps any `$`-operator
 * objects that reach a query filter in `$eq`, a second line behind zod against operator injection;
 * code that means an operator uses `mongoose.trusted()` or the driver's collection directly.
 *
 * No command buffering: mongoose would hold every command issued while it is disconnected for up to 10 s
 * (it exists for models used before the first connection, which the kit never does: it connects first).
 * Without it a command goes straight to the driver, which waits DATABASE_WAIT_MS for the server and then
 * fails with an error isDatabaseUnavailable recognises; when the server is back, the next command finds it.
 */
export async function connectMongo(uri: string, dbName: string, logger?: Logger): Promise<Mongo> {
  const connection = await open(uri, dbName);
  logger?.info({ dbName }, 'connected to MongoDB');
  connection.on('disconnected', () => logger?.warn('MongoDB disconnected'));
  connection.on('reconnected', () => logger?.info('MongoDB reconnected'));
  return {
    connection,
    async ping() {
      if (connection.readyState !== mongoose.ConnectionStates.connected || !connection.db) return false;
      await connection.db.admin().ping();
      return true;
    },
    close: () => connection.close(),
  };
}

/** The first connection, tried again until CONNECT_TIMEOUT_MS: a service may start a moment before its database. */
async function open(uri: string, dbName: string): Promise<Connection> {
  const deadline = Date.now() + CONNECT_TIMEOUT_MS;
  for (;;) {
    const connection = mongoose.createConnection(uri, {
      dbName,
      sanitizeFilter: true,
      autoIndex: false,
      bufferCommands: false,
      serverSelectionTimeoutMS: DATABASE_WAIT_MS,
    });
    try {
      return await connection.asPromise();
    } catch (err) {
      await connection.close().catch(() => undefined);
      if (Date.now() >= deadline || !isDatabaseUnavailable(err)) throw err;
    }
  }
}

/** true for the MongoDB error that a unique index raises on a duplicate key. */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 11000;
}

const {
  MongoClientClosedError,
  MongoError,
  MongoErrorLabel,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} = mongoose.mongo;
const UNAVAILABLE_CLASSES = [
  MongoNetworkError,
  MongoServerSelectionError,
  MongoNotConnectedError,
  MongoTopologyClosedError,
  MongoClientClosedError,
  // mongoose's wrapper of the driver's, from a first connection
  mongoose.Error.MongooseServerSelectionError,
];

/** The driver's labels for an operation that failed because the server could not serve it then. */
const UNAVAILABLE_LABELS: readonly string[] = [
  MongoErrorLabel.ResetPool,
  MongoErrorLabel.RetryableWriteError,
  MongoErrorLabel.SystemOverloadedError,
];

/**
 * true when an error says the database could not be reached or could not serve the operation right now (the
 * connection lost or refused, its pool cleared, no server to select, the client closed, the server shutting
 * down or overloaded): the same condition as a stall to a visitor, answered 503 with Retry-After by the kit.
 * By the driver's classes and labels (a PoolClearedError is a MongoNetworkError); mongoose passes the
 * driver's errors on as they are, and a service that wrapped one keeps it as the `cause`.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (UNAVAILABLE_CLASSES.some((unavailable) => e instanceof unavailable)) return true;
    if (e instanceof MongoError && UNAVAILABLE_LABELS.some((label) => e.hasErrorLabel(label))) return true;
    if (isStorageLost(e)) return true;
  }
  return false;
}

/** MongoDB's code for a command the server failed itself (InternalError). */
const INTERNAL_ERROR = 1;

/**
 * How FerretDB 1.24 (the embedded default, pinned) says its PostgreSQL went away under a command: an
 * InternalError carrying pgx's words for a connection lost or refused, or PostgreSQL's SQLSTATE for one
 * (class 08) and for a server shutting down or starting (57P01-57P03). Nothing structured tells this from
 * PostgreSQL refusing the data (a NUL: SQLSTATE 22P05, a bug and a 500), so these words do; the error
 * handler's ping catches any other wording of an outage (isServerInternalError).
 */
const STORAGE_LOST =
  /unexpected EOF|failed to connect to|connection reset by peer|broken pipe|conn closed|SQLSTATE (08[0-9A-Z]{3}|57P0[1-3])/;

function isStorageLost(e: Error): boolean {
  return e instanceof MongoServerError && e.code === INTERNAL_ERROR && STORAGE_LOST.test(e.message);
}

/**
 * true when the server failed the command itself (InternalError). FerretDB answers so both when its PostgreSQL
 * is gone (the database is unreachable: 503) and when PostgreSQL refused the data (a bug: 500); where its
 * words do not say which (STORAGE_LOST), a ping does (FerretDB's ping asks PostgreSQL): the error handler asks it.
 */
export function isServerInternalError(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof MongoServerError && e.code === INTERNAL_ERROR) return true;
  }
  return false;
}
