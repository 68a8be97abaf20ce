import { asPostgresUser, ferretDbArgs, goEnv, postgresArgs } from '../../src/dev-servers.js';

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

  test('when FerretDB runs on PostgreSQL, then it is given the database URL instead of SQLite files', () => {
    const args = ferretDbArgs({
      port: 27017,
      debugPort: 8088,
      dataDir: '/d/ferretdb',
      backend: { postgresqlUrl: 'postgres://postgres@127.0.0.1:5999/ferretdb' },
    });
    expect(args).toContain('--handler=postgresql');
    expect(args).toContain('--postgresql-url=postgres://postgres@127.0.0.1:5999/ferretdb');
    expect(args.some((a) => a.startsWith('--sqlite-url'))).toBe(false);
  });
});
