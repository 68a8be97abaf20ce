import {
  asPostgresUser,
  ferretDbArgs,
  ferretDbPostgresUrl,
  ferretDbUri,
  goEnv,
  POSTGRES_HBA,
  postgresArgs,
  scramMatches,
  scramVerifier,
} from '../../src/dev-servers.js';

describe('goEnv', () => {
  test('when the machine has two cores or fewer, then the Go servers run Go code on one thread', () => {
    expect(goEnv({ PATH: '/bin' }, 2)).toEqual({ PATH: '/bin', GOMAXPROCS: '1' });
    expect(goEnv({}, 1).GOMAXPROCS).toBe('1');
  });

  test('when the machine has more cores, then Go picks its own number of threads', () => {
    expect(goEnv({ PATH: '/bin' }, 4)).toEqual({ PATH: '/bin' });
  });

  test('when GOMAXPROCS is set, then it wins', () => {
    expect(goEnv({ GOMAXPROCS: '2' }, 2).GOMAXPROCS).toBe('2');
  });
});

describe('PostgreSQL for FerretDB', () => {
  const cluster = { dataDir: '/d/postgres/data', socketDir: '/d/postgres/run' };

  test('when the launcher runs as root, then PostgreSQL runs as the postgres user, in the same process', () => {
    expect(asPostgresUser('/usr/lib/postgresql/15/bin/postgres', ['-D', 'x'], 0)).toEqual([
      'setpriv',
      ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', '/usr/lib/postgresql/15/bin/postgres', '-D', 'x'],
    ]);
    expect(asPostgresUser('postgres', ['-D', 'x'], 1000)).toEqual(['postgres', ['-D', 'x']]);
  });

  test('when the server starts, then it listens on loopback and its own socket, and keeps fsync for data that is kept', () => {
    const args = postgresArgs({ cluster, port: 5999 }).join(' ');
    expect(args).toMatch(/^-D \/d\/postgres\/data /);
    expect(args).toContain('-c listen_addresses=127.0.0.1 -c port=5999 -c unix_socket_directories=/d/postgres/run');
    expect(args).not.toContain('fsync=off');
  });

  test('when the data is thrown away after the run, then PostgreSQL skips fsync', () => {
    expect(postgresArgs({ cluster, port: 5999, throwaway: true }).join(' ')).toContain('-c fsync=off');
  });

  test('when FerretDB runs on PostgreSQL, then it is given the database URL without its login instead of SQLite files', () => {
    const args = ferretDbArgs({
      port: 27017,
      dataDir: '/d/ferretdb',
      backend: { postgresqlUrl: ferretDbPostgresUrl(5999, 's3cret') },
    });
    expect(args).toContain('--handler=postgresql');
    expect(args).toContain('--postgresql-url=postgres://127.0.0.1:5999/ferretdb?sslmode=disable');
    expect(args.join(' ')).not.toContain('s3cret');
    expect(args.some((a) => a.startsWith('--sqlite-url'))).toBe(false);
  });

  test("when FerretDB's clients connect, then the URI carries the PostgreSQL role's login, sent as PLAIN", () => {
    expect(ferretDbUri(27017, ferretDbPostgresUrl(5999, 's3cret'))).toBe(
      'mongodb://ferretdb:s3cret@127.0.0.1:27017/?authMechanism=PLAIN',
    );
    expect(ferretDbUri(27017)).toBe('mongodb://127.0.0.1:27017');
  });

  test('when no debug port is asked for, then FerretDB serves no debug handlers; when one is, on loopback only', () => {
    expect(ferretDbArgs({ port: 27017, dataDir: '/d' })).toContain('--debug-addr=-');
    expect(ferretDbArgs({ port: 27017, dataDir: '/d', debugPort: 8088 })).toContain('--debug-addr=127.0.0.1:8088');
  });

  test("when the cluster's access rules are written, then only FerretDB's role reaches its database, with a password", () => {
    const rules = POSTGRES_HBA.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(rules).toEqual([
      'local ferretdb ferretdb scram-sha-256',
      'host ferretdb ferretdb 127.0.0.1/32 scram-sha-256',
    ]);
  });

  test('when a password is stored as a SCRAM verifier, then the password matches it and no other does, and it is not in it', () => {
    const verifier = scramVerifier('s3cret');
    expect(verifier).toMatch(/^SCRAM-SHA-256\$4096:[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}:[A-Za-z0-9+/=]{44}$/);
    expect(verifier).not.toContain('s3cret');
    expect(scramMatches('s3cret', verifier)).toBe(true);
    expect(scramMatches('s3cret!', verifier)).toBe(false);
    expect(scramMatches('s3cret', 'md5abc')).toBe(false);
    expect(scramVerifier('s3cret')).not.toBe(verifier); // a new salt each time
  });
});
