// A PostgreSQL and a FerretDB of one test suite's own, in a scratch folder, started as `npm start` starts them:
// for the suites that kill, stop or stall the database under a running service (the kit's, booking's and the
// practice's database-lost tests), which must not touch the FerretDB every other suite shares (global-setup.ts);
// and what those suites read of an answer while it is away.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFerretDb, startPostgres, type FerretDb, type PostgresServer } from '../dev-servers.js';

export interface OwnDatabase {
  /** FerretDB's MongoDB URL: the same after a restart (the same port and login). */
  readonly uri: string;
  /** The running FerretDB and PostgreSQL: a test kills, stops or stalls their processes. New ones after a restart. */
  readonly ferret: FerretDb;
  readonly postgres: PostgresServer;
  /** Starts FerretDB again on its port, after the test killed or stopped it. */
  restartFerret(): Promise<void>;
  /** Stops what is left of PostgreSQL and starts it again on its port and its data, with the same password. */
  restartPostgres(): Promise<void>;
  /** Stops both and removes the folder. */
  stop(): Promise<void>;
}

/** Starts PostgreSQL and FerretDB over it in a new folder named after `name` under the temporary folder. */
export async function startOwnDatabase(name: string): Promise<OwnDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `hhp-${name}-`));
  // Kept across PostgreSQL's restart (startPostgres makes the role's password anew otherwise).
  const password = randomUUID();
  const startPg = (port?: number) =>
    startPostgres({
      ...(port ? { port } : {}),
      dir: path.join(dir, 'postgres'),
      logFile: path.join(dir, 'postgres.log'),
      throwaway: true,
      password,
    });
  const startFerret = (port?: number) =>
    startFerretDb({
      ...(port ? { port } : {}),
      dataDir: path.join(dir, 'ferretdb'),
      logFile: path.join(dir, 'ferretdb.log'),
      postgresqlUrl: postgres.ferretDbUrl,
    });
  let postgres = await startPg();
  let ferret: FerretDb;
  try {
    ferret = await startFerret();
  } catch (err) {
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    get uri() {
      return ferret.uri;
    },
    get ferret() {
      return ferret;
    },
    get postgres() {
      return postgres;
    },
    async restartFerret() {
      ferret = await startFerret(ferret.port);
    },
    async restartPostgres() {
      await postgres.stop();
      postgres = await startPg(postgres.port);
    },
    async stop() {
      await ferret.stop();
      await postgres.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a database-lost suite reads of an answer: the status, Retry-After, the type, the body and how long it took. */
export interface Answer {
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  /** JSON, or the text when it is not (an assertion then names it). */
  body: unknown;
  ms: number;
}

/** The answer `res`, asked at `started` (Date.now()). */
export async function answerOf(res: Response, started: number): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // kept as text
  }
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    contentType: res.headers.get('content-type'),
    body,
    ms: Date.now() - started,
  };
}
