// Writes proto/openapi.json from the zod schemas; `--check` fails when the committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from './document.js';

const target = fileURLToPath(new URL('../../openapi.json', import.meta.url));
const generated = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // A missing file is stale too.
  }
  if (committed !== generated) {
    process.stderr.write('proto/openapi.json is out of date: run `npm run openapi -w @hhp/proto` and commit it\n');
    process.exit(1);
  }
  process.stdout.write('proto/openapi.json is up to date\n');
} else {
  writeFileSync(target, generated);
  process.stdout.write(`wrote ${target}\n`);
}
