import mongoose, { type Connection } from 'mongoose';
import type { Logger } from 'pino';

export interface Mongo {
  connection: Connection;
  /** true when the server answers a ping right now (used by /readyz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * One connection per service, to the service's own database. `sanitizeFilter` wraps any `$`-operator
 * objects that reach a query filter in `$eq`, a second line behind zod against operator injection;
 * code that means an operator uses `mongoose.trusted()` or the driver's collection directly.
 */
export async function connectMongo(uri: string, dbName: string, logger?: Logger): Promise<Mongo> {
  const connection = mongoose.createConnection(uri, {
    dbName,
    sanitizeFilter: true,
    autoIndex: false,
    serverSelectionTimeoutMS: 10_000,
  });
  await connection.asPromise();
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

/** true for the MongoDB error that a unique index raises on a duplicate key. */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 11000;
}
