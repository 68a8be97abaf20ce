import path from 'node:path';
import { blockingFolder, postgresHome, RELOCATED_CLUSTERS } from '../../src/postgres-home.js';

const postgres = { uid: 105, gid: 111 };
const root = { uid: 0, gid: 0 };

/** A file system of folders with their owner and mode; a folder not listed does not exist. */
function folders(entries: Record<string, { uid: number; gid: number; mode: number }>) {
  return (folder: string) => entries[folder];
}

const open = { ...root, mode: 0o40755 };
const closed = { ...root, mode: 0o40700 };

describe('where the PostgreSQL cluster lives', () => {
  test('when every folder above the data directory may be entered, then the cluster stays in it', () => {
    const stat = folders({ '/': open, '/srv': open, '/srv/portal': open, '/srv/portal/.data': closed });
    expect(blockingFolder('/srv/portal/.data/postgres', postgres, stat)).toBeUndefined();
    expect(postgresHome('/srv/portal/.data/postgres', postgres, stat)).toBe('/srv/portal/.data/postgres');
  });

  test("when the checkout is under root's home (mode 700), then the cluster moves under /var/lib, named after the data directory", () => {
    const stat = folders({ '/': open, '/root': closed, '/root/portal': open, '/root/portal/.data': open });
    expect(blockingFolder('/root/portal/.data/postgres', postgres, stat)).toBe('/root');
    const home = postgresHome('/root/portal/.data/postgres', postgres, stat);
    expect(path.dirname(home)).toBe(RELOCATED_CLUSTERS);
    // Another checkout gets another cluster; the same one gets the same again.
    expect(postgresHome('/root/other/.data/postgres', postgres, stat)).not.toBe(home);
    expect(postgresHome('/root/portal/.data/postgres', postgres, stat)).toBe(home);
  });

  test('when a folder is closed to others but open to the group or the owner PostgreSQL runs as, then it may be entered', () => {
    const group = folders({ '/': open, '/srv': { uid: 0, gid: postgres.gid, mode: 0o40750 } });
    expect(blockingFolder('/srv/x/.data/postgres', postgres, group)).toBeUndefined();
    const own = folders({ '/': open, '/srv': { ...postgres, mode: 0o40700 } });
    expect(blockingFolder('/srv/x/.data/postgres', postgres, own)).toBeUndefined();
    const groupWithoutSearch = folders({ '/': open, '/srv': { uid: 0, gid: postgres.gid, mode: 0o40701 } });
    expect(blockingFolder('/srv/x/.data/postgres', postgres, groupWithoutSearch)).toBe('/srv');
  });

  test('when the launcher runs PostgreSQL as itself (not root), then the cluster stays where it was asked for', () => {
    const stat = folders({ '/': open, '/root': closed });
    expect(postgresHome('/root/portal/.data/postgres', undefined, stat)).toBe('/root/portal/.data/postgres');
  });
});
