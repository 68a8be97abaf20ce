// The servers the services stand on: FerretDB on PostgreSQL, nats-server and Mailpit, each unless the
// environment names one already (MONGODB_URI, NATS_URL, SMTP_URL). Their ports are chosen first, so their
// addresses are known before any of them runs and the launcher starts the services beside them: loading a
// service's modules is most of its start (0.6-1 s of CPU each), and a service waits for its database and NATS
// by itself (the kit's connectMongo tries again for 10 s, NATS's first connection waits). Only PostgreSQL's
// cluster is waited for first, since creating it (the first start's initdb) can take longer than that.
import path from 'node:path';
import {
  ferretDbPostgresUrl,
  ferretDbUri,
  freePort,
  initPostgresCluster,
  writeNatsAuthConfig,
} from '../dev-servers.js';
import { bucketsFrom, serviceUsers } from '../nats-auth.js';
import type { MailpitLogin } from '../testing/mailpit.js';
import { startFerretDbGroup, startNatsGroup, startPostgresGroup } from './dependencies.js';
import { mailpitUrls, startMailpitGroup } from './mail.js';
import type { RestartPolicy, Supervised } from './supervisor.js';

export interface BackingOptions {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  logDir: string;
  /** A port of the manifest's where free (`default`), or any free one. */
  choosePort: (preferred: number) => Promise<number>;
  /** The role `ferretdb`'s password (PostgreSQL), and Mailpit's web UI's and SMTP's. */
  passwords: { ferretdb: string; mailpitUi: string; mailpitSmtp: string };
  /** Each service's NATS password, by user. */
  natsPasswords: Record<string, string>;
  ferretDbDebugPort: number | undefined;
  output: Pick<Console, 'log' | 'error'>;
  restartPolicy: Partial<RestartPolicy>;
  throwawayData: boolean;
}

/** The processes started, as they come up (the stack stops them in the reverse order). */
export interface BackingProcesses {
  postgres?: Supervised;
  ferret?: Supervised;
  nats?: Supervised;
  mailpit?: Supervised;
}

export interface Backing {
  mongodbUri: string;
  natsUrl: string;
  smtpUrl: string;
  /** Mailpit's web UI and its login, when the stack starts it. */
  mailUrl: string | undefined;
  mailLogin: MailpitLogin | undefined;
  /** Resolves once PostgreSQL's cluster exists (at once with an external MONGODB_URI); rejects as `ready` does when it cannot be made. */
  initialised: Promise<void>;
  /** Resolves once each server started serves; rejects with the first that does not (a StartupError). */
  ready: Promise<void>;
  /** Settles once every server has started or failed, never rejects: what the stack awaits before it stops them. */
  settled: Promise<void>;
}

/** Chooses the ports, then starts what is needed; `processes` is filled as each one starts. */
export async function startBacking(options: BackingOptions, processes: BackingProcesses): Promise<Backing> {
  const { env, dataDir, logDir, choosePort, passwords, output, restartPolicy } = options;
  const dbPorts = env.MONGODB_URI
    ? undefined
    : // Nothing but FerretDB talks to PostgreSQL: any free port will do.
      { ferret: await choosePort(27017), postgres: await freePort() };
  const natsPort = env.NATS_URL ? undefined : await choosePort(4222);
  const mailPorts = env.SMTP_URL ? undefined : { smtp: await choosePort(1025), http: await choosePort(8025) };

  const postgresUrl = dbPorts && ferretDbPostgresUrl(dbPorts.postgres, passwords.ferretdb);
  const mail = mailPorts && mailpitUrls(mailPorts.smtp, mailPorts.http, mailPassword(passwords));

  const cluster = dbPorts
    ? initPostgresCluster(path.join(dataDir, 'postgres'), path.join(logDir, 'postgres.log'), passwords.ferretdb)
    : undefined;
  const database = async () => {
    if (!dbPorts || !cluster) return;
    const postgres = await startPostgresGroup({
      port: dbPorts.postgres,
      cluster: await cluster,
      logFile: path.join(logDir, 'postgres.log'),
      password: passwords.ferretdb,
      output,
      restartPolicy,
      throwaway: options.throwawayData,
    });
    processes.postgres = postgres.process;
    const ferret = await startFerretDbGroup({
      port: dbPorts.ferret,
      dataDir: path.join(dataDir, 'ferretdb'),
      logFile: path.join(logDir, 'ferretdb.log'),
      postgresqlUrl: postgres.url,
      debugPort: options.ferretDbDebugPort,
      output,
      restartPolicy,
    });
    processes.ferret = ferret.process;
  };
  const nats = async () => {
    if (natsPort === undefined) return;
    const started = await startNatsGroup({
      port: natsPort,
      storeDir: path.join(dataDir, 'nats'),
      configFile: writeNatsAuthConfig(
        path.join(dataDir, 'nats-auth.conf'),
        serviceUsers((user) => options.natsPasswords[user]!, bucketsFrom(env)),
      ),
      logFile: path.join(logDir, 'nats.log'),
      output,
      restartPolicy,
    });
    processes.nats = started.process;
  };
  const mailpit = async () => {
    if (!mailPorts) return;
    const started = await startMailpitGroup({
      smtpPort: mailPorts.smtp,
      httpPort: mailPorts.http,
      dataDir: path.join(dataDir, 'mailpit'),
      logFile: path.join(logDir, 'mailpit.log'),
      passwords: mailPassword(passwords),
      output,
      restartPolicy,
    });
    processes.mailpit = started.process;
  };
  const groups = [database(), nats(), mailpit()];
  const ready = Promise.all(groups).then(() => undefined);
  // Every group, not only the first to fail: one still starting when another failed is stopped once it has started.
  const settled = Promise.allSettled(groups).then(() => undefined);
  return {
    mongodbUri: env.MONGODB_URI ?? ferretDbUri(dbPorts!.ferret, postgresUrl),
    natsUrl: env.NATS_URL ?? `nats://127.0.0.1:${natsPort!}`,
    smtpUrl: env.SMTP_URL ?? mail!.smtpUrl,
    mailUrl: mail?.webUrl,
    mailLogin: mail?.login,
    // A cluster that cannot be made rejects `ready` too: `initialised` then rejects with that StartupError, so
    // that no service is started against a database that will never be there.
    initialised: (cluster ?? Promise.resolve()).then(
      () => undefined,
      () => ready,
    ),
    ready,
    settled,
  };
}

const mailPassword = (passwords: BackingOptions['passwords']) => ({
  ui: passwords.mailpitUi,
  smtp: passwords.mailpitSmtp,
});
