import { spawnSync } from 'node:child_process';
import path from 'node:path';
import os from 'node:os';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import mongoose from 'mongoose';
import { connect } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import {
  asPostgresUser,
  ferretDbArgs,
  initPostgresCluster,
  isPortOpen,
  postgresAccepts,
  postgresArgs,
  postgresPath,
  spawnManaged,
  startFerretDb,
  startNats,
  startPostgres,
  toolPath,
  waitFor,
  type PostgresServer,
} from '../../src/dev-servers.js';
import { startMailpit } from '../../src/testing/mailpit.js';

describe('dev servers', () => {
  test('when the integration setup ran, then FerretDB answers a ping and stores a document', async () => {
    const conn = await mongoose
      .createConnection(process.env.MONGODB_URI!, { dbName: `it-dev-servers-${process.pid}` })
      .asPromise();
    try {
      await conn.db!.admin().ping();
      await conn.db!.collection('probe').insertOne({ hello: 'world' });
      expect(await conn.db!.collection('probe').countDocuments()).toBe(1);
    } finally {
      await conn.dropDatabase();
      await conn.close();
    }
  });

  test('when nats-server is restarted, then it comes back on the same port', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-nats-'));
    const nats = await startNats({ storeDir: dir });
    try {
      const nc = await connect({ servers: nats.url });
      await nc.flush();
      await nc.close();
      await nats.stop();
      expect(await isPortOpen(nats.port)).toBe(false);
      await nats.restart();
      const again = await connect({ servers: nats.url });
      await again.flush();
      await again.close();
    } finally {
      await nats.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('when PostgreSQL starts again on its cluster, then it does not run initdb again and FerretDB finds the data', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-pg-'));
    const logFile = path.join(dir, 'postgres.log');
    const withFerretDb = async (work: (client: MongoClient) => Promise<void>) => {
      const postgres = await startPostgres({ dir: path.join(dir, 'postgres'), logFile, password: 'kept' });
      const ferret = await startFerretDb({ dataDir: path.join(dir, 'ferretdb'), postgresqlUrl: postgres.ferretDbUrl });
      const client = await MongoClient.connect(ferret.uri);
      try {
        await work(client);
      } finally {
        await client.close();
        await ferret.stop();
        await postgres.stop();
      }
    };
    try {
      await withFerretDb((client) =>
        client
          .db('kept')
          .collection('c')
          .insertOne({ _id: 'kept' as never })
          .then(() => {}),
      );
      const started = Date.now();
      await withFerretDb(async (client) => {
        expect(await client.db('kept').collection('c').findOne({})).toEqual({ _id: 'kept' });
      });
      expect(Date.now() - started).toBeLessThan(5000);
      // initdb writes this line once, when it creates the cluster.
      expect(readFileSync(logFile, 'utf8').match(/The files belonging to this database system/g)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** psql's answer: its exit code and what it printed (never a prompt for a password: -w). */
function psql(
  postgres: PostgresServer,
  {
    host = '127.0.0.1',
    user,
    database,
    password,
  }: { host?: string; user: string; database: string; password?: string },
): { code: number | null; output: string } {
  const result = spawnSync(
    postgresPath('psql'),
    [
      '-w',
      '-h',
      host,
      '-p',
      String(postgres.port),
      '-U',
      user,
      '-d',
      database,
      '-Atc',
      'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
    ],
    { encoding: 'utf8', env: { PATH: process.env.PATH, ...(password === undefined ? {} : { PGPASSWORD: password }) } },
  );
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The TCP ports process `pid` listens on (ss). */
function listeningPorts(pid: number): number[] {
  const lines = spawnSync('ss', ['-ltnpH'], { encoding: 'utf8' }).stdout.split('\n');
  return lines
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => Number(/:(\d+)\s/.exec(line.split(/\s+/)[3] + ' ')?.[1]))
    .sort();
}

/** The same URI without its user and password. */
function withoutLogin(uri: string): string {
  const url = new URL(uri);
  url.username = '';
  url.password = '';
  url.search = '';
  return url.href;
}

/** What a write and a read with `uri` give: 'ok' or the error's message. */
async function tryDatabase(uri: string): Promise<{ write: string; read: string }> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  const outcome = (work: Promise<unknown>) =>
    work.then(
      () => 'ok',
      (error: Error) => error.message,
    );
  try {
    const collection = client.db(`it-logins-${process.pid}`).collection('probe');
    return { write: await outcome(collection.insertOne({ probe: true })), read: await outcome(collection.findOne({})) };
  } finally {
    await client.close();
  }
}

describe('logins of the local servers', () => {
  test('when a client reaches FerretDB without the login or with a wrong password, then it can neither write nor read; with it, it can', async () => {
    const uri = process.env.MONGODB_URI!;
    expect(new URL(uri).password).not.toBe('');
    const anonymous = await tryDatabase(withoutLogin(uri));
    expect(anonymous.write).toMatch(/pg_hba\.conf|password|authentication/i);
    expect(anonymous.read).toMatch(/pg_hba\.conf|password|authentication/i);
    const wrong = new URL(uri);
    wrong.password = 'not-the-password';
    expect(await tryDatabase(wrong.href)).toEqual({
      write: expect.stringMatching(/password authentication failed/) as unknown as string,
      read: expect.stringMatching(/password authentication failed/) as unknown as string,
    });
    expect(await tryDatabase(uri)).toEqual({ write: 'ok', read: 'ok' });
    const client = await MongoClient.connect(uri);
    await client.db(`it-logins-${process.pid}`).dropDatabase();
    await client.close();
  });

  test("when PostgreSQL is asked without the password, as its superuser or for another database, then it refuses; FerretDB's role with the password gets in and is no superuser; FerretDB serves no debug port", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-pg-'));
    const postgres = await startPostgres({
      dir: path.join(dir, 'postgres'),
      logFile: path.join(dir, 'pg.log'),
      password: 'p4ss',
    });
    const ferret = await startFerretDb({ dataDir: path.join(dir, 'ferretdb'), postgresqlUrl: postgres.ferretDbUrl });
    try {
      for (const host of ['127.0.0.1', postgres.socketDir]) {
        expect([host, psql(postgres, { host, user: 'ferretdb', database: 'ferretdb' })]).toEqual([
          host,
          { code: 2, output: expect.stringContaining('no password supplied') },
        ]);
        expect(psql(postgres, { host, user: 'ferretdb', database: 'ferretdb', password: 'wrong' }).output).toContain(
          'password authentication failed',
        );
        for (const [user, database] of [
          ['postgres', 'postgres'],
          ['postgres', 'ferretdb'],
          ['ferretdb', 'postgres'],
        ]) {
          const answer = psql(postgres, { host, user: user!, database: database!, password: 'p4ss' });
          expect([host, user, database, answer.code, answer.output]).toEqual([
            host,
            user,
            database,
            2,
            expect.stringContaining('no pg_hba.conf entry'),
          ]);
        }
        expect(psql(postgres, { host, user: 'ferretdb', database: 'ferretdb', password: 'p4ss' })).toEqual({
          code: 0,
          output: 'f\n',
        });
      }
      // The password is nowhere on a command line (every local user can read those).
      for (const pid of [postgres.process.child.pid!, ferret.process.child.pid!]) {
        expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).not.toContain('p4ss');
      }
      expect(listeningPorts(ferret.process.child.pid!)).toEqual([ferret.port]);
    } finally {
      await ferret.stop();
      await postgres.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("when a cluster of an earlier version (trust, the data the superuser's) starts, then it keeps its data and asks for the password from then on", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-pg-'));
    const clusterDir = path.join(dir, 'postgres');
    const logFile = path.join(dir, 'pg.log');
    try {
      // The cluster as the launcher made it before: initdb with trust, the database the superuser's, and
      // FerretDB connected as the superuser (its schemas and tables are postgres's).
      const cluster = await initPostgresCluster(clusterDir, logFile, 'unused');
      const run = (command: string, args: string[], input = '') => {
        const [cmd, argv] = asPostgresUser(command, args);
        const result = spawnSync(cmd, argv, { input, encoding: 'utf8' });
        if (result.status !== 0) throw new Error(`${command}: ${result.stderr}`);
      };
      rmSync(cluster.dataDir, { recursive: true, force: true });
      run(postgresPath('initdb'), ['-D', cluster.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
      run(postgresPath('postgres'), ['--single', '-D', cluster.dataDir, 'postgres'], 'CREATE DATABASE ferretdb;\n');
      rmSync(path.join(clusterDir, 'login'));
      writeFileSync(path.join(clusterDir, 'initialized'), 'before\n');
      const port = await (await import('../../src/dev-servers.js')).freePort();
      const [command, args] = asPostgresUser(
        postgresPath('postgres'),
        postgresArgs({ cluster, port, throwaway: true }),
      );
      const old = spawnManaged('postgres', command, args, { stopSignal: 'SIGINT' });
      // Past its startup, not only listening: a client meanwhile gets "the database system is starting up".
      await waitFor('the old cluster', () => postgresAccepts(port), { child: old });
      const ferretPort = await (await import('../../src/dev-servers.js')).freePort();
      mkdirSync(path.join(dir, 'ferretdb'), { recursive: true });
      const oldFerret = spawnManaged(
        'ferretdb',
        toolPath('ferretdb'),
        ferretDbArgs({
          port: ferretPort,
          dataDir: path.join(dir, 'ferretdb'),
          backend: { postgresqlUrl: `postgres://127.0.0.1:${port}/ferretdb` },
        }).map((arg) =>
          arg.startsWith('--postgresql-url') ? `--postgresql-url=postgres://postgres@127.0.0.1:${port}/ferretdb` : arg,
        ),
      );
      await waitFor('the old FerretDB', () => isPortOpen(ferretPort), { child: oldFerret });
      const anonymous = await MongoClient.connect(`mongodb://127.0.0.1:${ferretPort}`);
      await anonymous
        .db('kept')
        .collection('c')
        .insertOne({ _id: 'from-before' as never });
      await anonymous.close();
      await oldFerret.stop();
      await old.stop();

      const postgres = await startPostgres({ dir: clusterDir, logFile, password: 'n3w' });
      const ferret = await startFerretDb({ dataDir: path.join(dir, 'ferretdb'), postgresqlUrl: postgres.ferretDbUrl });
      try {
        const client = await MongoClient.connect(ferret.uri);
        try {
          const kept = client.db('kept').collection('c');
          expect(await kept.findOne({})).toEqual({ _id: 'from-before' });
          await kept.insertOne({ _id: 'after' as never });
          expect(await kept.countDocuments()).toBe(2);
          // The role owns what the superuser made: it indexes the old collection and makes new ones.
          await kept.createIndex({ n: 1 });
          await client.db('kept').collection('new').insertOne({ n: 1 });
          await client.db('other').collection('c').insertOne({ n: 1 });
        } finally {
          await client.close();
        }
        expect((await tryDatabase(withoutLogin(ferret.uri))).read).toMatch(/pg_hba\.conf/);
        expect(psql(postgres, { user: 'postgres', database: 'ferretdb' }).output).toContain('no pg_hba.conf entry');
      } finally {
        await ferret.stop();
        await postgres.stop();
      }
      // A new password: the next start takes it, and the old one no longer opens the door.
      const again = await startPostgres({ dir: clusterDir, logFile, password: 'n3w3r' });
      try {
        expect(psql(again, { user: 'ferretdb', database: 'ferretdb', password: 'n3w3r' })).toEqual({
          code: 0,
          output: 'f\n',
        });
        expect(psql(again, { user: 'ferretdb', database: 'ferretdb', password: 'n3w' }).output).toContain(
          'password authentication failed',
        );
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  test("when Mailpit's web UI or API is asked without its login or with a wrong one, then it answers 401; with it, 200", async () => {
    const mailpit = await startMailpit();
    try {
      const basic = (user: string, password: string) => ({
        authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
      });
      for (const [method, pathname] of [
        ['GET', '/'],
        ['GET', '/api/v1/messages'],
        ['DELETE', '/api/v1/messages'],
        ['POST', '/api/v1/send'],
      ] as const) {
        const url = new URL(pathname, mailpit.apiUrl);
        const none = await fetch(url, { method });
        const wrong = await fetch(url, { method, headers: basic(mailpit.login.user, 'wrong') });
        expect([method, pathname, none.status, wrong.status]).toEqual([method, pathname, 401, 401]);
      }
      const right = await fetch(new URL('/api/v1/messages', mailpit.apiUrl), {
        headers: basic(mailpit.login.user, mailpit.login.password),
      });
      expect(right.status).toBe(200);
      expect(await mailpit.client.messages()).toEqual([]);
    } finally {
      await mailpit.stop();
    }
  });
});
