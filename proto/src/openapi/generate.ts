// Writes proto/openapi.json from the zod schemas and the event tables of proto/README.md from the event
// catalogue; `--check` fails when either committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { buildOpenApiDocument } from './document.js';
import { withEventTables } from '../docs/event-table.js';

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // A missing file is stale too.
  }
};

const openapi = fileURLToPath(new URL('../../openapi.json', import.meta.url));
const readme = fileURLToPath(new URL('../../README.md', import.meta.url));
const generated: [string, string][] = [
  [openapi, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`],
  [readme, await format(withEventTables(read(readme)), { ...(await resolveConfig(readme)), filepath: readme })],
];

if (process.argv.includes('--check')) {
  const stale = generated.filter(([file, text]) => read(file) !== text);
  for (const [file] of stale) {
    process.stderr.write(`${file} is out of date: run \`npm run openapi -w @hhp/proto\` and commit it\n`);
  }
  if (stale.length) process.exit(1);
  process.stdout.write('proto/openapi.json and the event tables of proto/README.md are up to date\n');
} else {
  for (const [file, text] of generated) {
    writeFileSync(file, text);
    process.stdout.write(`wrote ${file}\n`);
  }
}
