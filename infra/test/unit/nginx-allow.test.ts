// nginx answers TRACE and CONNECT itself (405, before any location): the Allow it sends on an API path comes
// from nginx.conf's map $hhp_api_allow, which must name each operation's own methods as proto/openapi.json
// lists them (the services send the same for any other method they do not serve).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../src/dev-servers.js';
import { nginxTemplatePath } from '../../src/launcher/nginx-config.js';

const nginxConf = readFileSync(nginxTemplatePath, 'utf8');
const openapi = JSON.parse(readFileSync(path.join(repoRoot, 'proto', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};

/** The map's entries in order: a regular expression (nginx's `~`) or the default, and its value. */
function allowMap(conf: string): { pattern: RegExp | 'default'; value: string }[] {
  const block = /map \$request_uri \$hhp_api_allow \{([^}]*)\}/.exec(conf)?.[1];
  if (!block) throw new Error('nginx.conf has no map $request_uri $hhp_api_allow');
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const entry = /^(?:"~([^"]+)"|(default))\s+'([^']*)';$/.exec(line);
      if (!entry) throw new Error(`an entry the test does not read: ${line}`);
      return { pattern: entry[2] ? 'default' : new RegExp(entry[1]!), value: entry[3]! };
    });
}

/** What nginx would send for this request URI: the first regular expression that matches, else the default. */
function allowFor(conf: string, uri: string): string | undefined {
  const entries = allowMap(conf);
  const match = entries.find(({ pattern }) => pattern !== 'default' && pattern.test(uri));
  return (match ?? entries.find(({ pattern }) => pattern === 'default'))?.value;
}

const operations = Object.entries(openapi.paths).map(([template, item]) => {
  const methods = Object.keys(item)
    .filter((key) => key !== 'parameters')
    .map((method) => method.toUpperCase());
  if (methods.includes('GET')) methods.push('HEAD');
  return [template, methods.sort().join(', ')] as const;
});

describe("nginx's Allow for the methods it refuses itself", () => {
  test.each(operations)('when TRACE reaches %s, then nginx names its methods: %s', (template, allow) => {
    const uri = template.replace(/\{[^}]+\}/g, 'abc123');
    expect(allowFor(nginxConf, uri)).toBe(allow);
    expect(allowFor(nginxConf, `${uri}?x=1`)).toBe(allow);
  });

  test('when a GET route is dropped from the map, then the test names it', () => {
    const drifted = nginxConf.replace('|availability|', '|');
    expect(drifted).not.toBe(nginxConf);
    expect(allowFor(drifted, '/api/availability')).toBe('POST');
  });
});
