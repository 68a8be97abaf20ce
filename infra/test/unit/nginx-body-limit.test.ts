// nginx's server-wide client_max_body_size must let through every JSON body the services take (proto's
// MAX_JSON_BODY_BYTES, the largest body any schema allows with every character escaped): a lower one would
// refuse with 413 a question the schema allows (8,000 CJK characters or emoji) before the service reads it.
import { readFileSync } from 'node:fs';
import { MAX_JSON_BODY_BYTES } from '@hhp/proto';
import { nginxTemplatePath } from '../../src/launcher/nginx-config.js';

const nginxConf = readFileSync(nginxTemplatePath, 'utf8');

/** nginx's size syntax: a number of bytes, or with k/m. */
function bytes(size: string): number {
  const match = /^(\d+)([km]?)$/i.exec(size);
  if (!match) throw new Error(`a size the test does not read: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 * 1024 }[match[2]!.toLowerCase() as '' | 'k' | 'm'];
  return Number(match[1]) * unit;
}

describe("nginx's body limit", () => {
  test('when the server-wide limit is read, then it admits every JSON body the services accept', () => {
    const serverWide = /^ {4}client_max_body_size (\S+);$/m.exec(nginxConf)?.[1];
    expect(serverWide).toBeDefined();
    expect(bytes(serverWide!)).toBeGreaterThanOrEqual(MAX_JSON_BODY_BYTES);
  });

  test('when a location sets its own limit, then it is no lower than the services accept', () => {
    const limits = [...nginxConf.matchAll(/^ {8}client_max_body_size (\S+);$/gm)].map((m) => bytes(m[1]!));
    expect(limits.length).toBeGreaterThan(0);
    for (const limit of limits) expect(limit).toBeGreaterThanOrEqual(MAX_JSON_BODY_BYTES);
  });
});
