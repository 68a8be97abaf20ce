// `npm run generate`: writes every file the services manifest derives (./generate.ts says which).
// `--check`: writes nothing, lists each file that differs from what would be written, exits 1 if any does.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICES } from '@hhp/proto/services';
import { SERVICE_DEPLOY } from '@hhp/proto/service-deploy';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.js';
import type { GeneratedService } from './generated-service.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The repository's services: the manifest's entries with their deployment. */
export const MANIFEST: readonly GeneratedService[] = SERVICES.map((s) => ({ ...s, deploy: SERVICE_DEPLOY[s.name] }));

/** What `npm run generate` would write into `root` (the repository, or a copy of it). */
export function generateInto(root: string, services: readonly GeneratedService[] = MANIFEST): Map<string, string> {
  return generate(services, (file) => readFileSync(path.join(root, file), 'utf8'));
}

/** The generated files whose text in `root` is not what the generator writes now. */
export function staleFiles(root: string, services: readonly GeneratedService[] = MANIFEST): string[] {
  return [...generateInto(root, services)]
    .filter(([file, text]) => {
      const target = path.join(root, file);
      return !existsSync(target) || readFileSync(target, 'utf8') !== text;
    })
    .map(([file]) => file);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles(repoRoot);
    for (const file of stale) console.error(`${file} is not what \`npm run generate\` writes from the manifest`);
    process.exit(stale.length ? 1 : 0);
  }
  for (const [file, text] of generateInto(repoRoot)) {
    const target = path.join(repoRoot, file);
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    writeFileSync(target, text);
    console.log(`wrote ${file}`);
  }
}
