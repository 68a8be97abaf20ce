// Where a PostgreSQL cluster can live when PostgreSQL runs as another user than the launcher.
//
// Under root, PostgreSQL runs as the `postgres` system user (it refuses root). That user must be able to
// walk every folder down to its data directory: a checkout under a folder only its owner may enter (root's
// home is mode 700) has a `.data` the `postgres` user cannot reach, and initdb fails. Such a cluster lives
// under /var/lib instead, in a folder named after the checkout's data directory, and a note in the data
// directory says where.
import { createHash } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';

/** Where the clusters of data directories their PostgreSQL user cannot reach are kept. */
export const RELOCATED_CLUSTERS = '/var/lib/holistic-health-portal';

/** The name of the note left in place of a relocated cluster. */
export const RELOCATION_NOTE = 'WHERE-IS-POSTGRES.txt';

export interface Owner {
  uid: number;
  gid: number;
}

type Stat = (folder: string) => Pick<Stats, 'uid' | 'gid' | 'mode'> | undefined;

const statOrUndefined: Stat = (folder) => {
  try {
    return statSync(folder);
  } catch {
    return undefined;
  }
};

/** True when `owner` may pass through `folder` (search permission, as its owner, its group or anyone else). */
function canEnter(owner: Owner, { uid, gid, mode }: Pick<Stats, 'uid' | 'gid' | 'mode'>): boolean {
  if (uid === owner.uid) return (mode & 0o100) !== 0;
  if (gid === owner.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/**
 * The first folder above `dir`'s parent that `owner` cannot pass through, or undefined when it can reach
 * the parent. (The parent itself is the launcher's to open: initPostgresCluster gives it o+x.) Folders that
 * do not exist yet are created by root with mode 755, which anyone may pass.
 */
export function blockingFolder(dir: string, owner: Owner, stat: Stat = statOrUndefined): string | undefined {
  const above = path.dirname(path.dirname(path.resolve(dir)));
  const folders: string[] = [];
  for (let folder = above; ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (folder === path.dirname(folder)) break;
  }
  return folders.find((folder) => {
    const found = stat(folder);
    return found !== undefined && !canEnter(owner, found);
  });
}

/**
 * Where the cluster meant for `dir` lives: `dir` itself when `owner` (the user PostgreSQL runs as; undefined
 * when it is the launcher's own) can reach it, else a folder under RELOCATED_CLUSTERS named after `dir`.
 */
export function postgresHome(dir: string, owner: Owner | undefined, stat: Stat = statOrUndefined): string {
  if (!owner || blockingFolder(dir, owner, stat) === undefined) return dir;
  const key = createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 16);
  return path.join(RELOCATED_CLUSTERS, key);
}

/** Says, in the folder meant for the cluster, where it is and why (postgresHome). */
export function leaveRelocationNote(wanted: string, home: string, owner: Owner): void {
  mkdirSync(wanted, { recursive: true });
  mkdirSync(path.dirname(home), { recursive: true, mode: 0o755 });
  writeFileSync(
    path.join(wanted, RELOCATION_NOTE),
    `This folder's PostgreSQL cluster is in ${home}: PostgreSQL runs as the \`postgres\` user, who cannot enter ` +
      `${blockingFolder(wanted, owner)}. Delete both folders to start with an empty database.\n`,
  );
}
