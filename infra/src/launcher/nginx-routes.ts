// nginx.conf is the one file a reader opens to see the routing; its upstreams and the services' locations are
// generated from the services manifest (`npm run generate`), the rest is hand-written. This holds it to the
// manifest (proto/src/services.ts) all the same, and a unit test runs it on every `npm test`: each service has
// its upstream (named after it, its host:port placeholder, its keep-alive), each of its routes is a location
// that proxies to that upstream, and no other location or upstream proxies anywhere.
import { upstreamName, upstreamVariable, type ServiceEntry } from '@hhp/proto/services';

export interface NginxUpstream {
  name: string;
  servers: string[];
  keepalive: number;
}

export interface NginxRouting {
  upstreams: NginxUpstream[];
  /** Each location that proxies (`proxy_pass http://<upstream>`), as written (`/api/x`, `= /ws`) → upstream. */
  proxied: Map<string, string>;
}

/** Drops comments; nginx's quoted strings here never hold a `#` that matters for these directives. */
const withoutComments = (text: string) => text.replace(/#[^\n]*/g, '');

/** The upstream blocks and the proxying locations of an nginx configuration (the template, unrendered). */
export function readNginxRouting(template: string): NginxRouting {
  const upstreams: NginxUpstream[] = [];
  const proxied = new Map<string, string>();
  // What each open brace belongs to: an upstream, a location (as written), or something else. A `${NAME}`
  // placeholder opens and closes on its own line, so it never outlives the line.
  const open: ({ upstream: NginxUpstream } | { location: string } | undefined)[] = [];
  for (const line of withoutComments(template).split('\n')) {
    const block = open.at(-1);
    const upstream = block && 'upstream' in block ? block.upstream : undefined;
    const location = open.findLast((b) => b !== undefined && 'location' in b) as { location: string } | undefined;
    const server = /^\s*server\s+([^;]+);/.exec(line);
    const keepalive = /^\s*keepalive\s+(\d+);/.exec(line);
    const pass = /^\s*proxy_pass\s+http:\/\/([^/;\s]+)[^;]*;/.exec(line);
    if (upstream && server) upstream.servers.push(server[1]!.trim());
    if (upstream && keepalive) upstream.keepalive = Number(keepalive[1]);
    if (pass) proxied.set(location?.location ?? '(outside any location)', pass[1]!);

    const opens = /^\s*(upstream|location)\s+(.+?)\s*\{/.exec(line);
    let first = true;
    for (const char of line) {
      if (char === '{') {
        let entry: (typeof open)[number];
        if (first && opens?.[1] === 'upstream') {
          entry = { upstream: { name: opens[2]!, servers: [], keepalive: 0 } };
          upstreams.push(entry.upstream);
        } else if (first && opens?.[1] === 'location') entry = { location: opens[2]!.replace(/\s+/g, ' ') };
        open.push(entry);
        first = false;
      }
      if (char === '}') open.pop();
    }
  }
  return { upstreams, proxied };
}

/** What in nginx.conf disagrees with the manifest, one sentence each; empty when they agree. */
export function nginxRoutingDrift(template: string, services: readonly ServiceEntry[]): string[] {
  const { upstreams, proxied } = readNginxRouting(template);
  const problems: string[] = [];
  const wanted = new Map<string, string>(); // location → upstream
  for (const service of services) {
    const name = upstreamName(service.name);
    const upstream = upstreams.find((u) => u.name === name);
    if (!upstream) {
      problems.push(`no upstream ${name} for ${service.name}`);
    } else {
      const server = `\${${upstreamVariable(service.name)}}`;
      if (upstream.servers.length !== 1 || upstream.servers[0] !== server)
        problems.push(`upstream ${name} should have the one server ${server}, not ${upstream.servers.join(', ')}`);
      if (upstream.keepalive !== service.keepalive)
        problems.push(
          `upstream ${name} keeps ${upstream.keepalive} idle connections, the manifest says ${service.keepalive}`,
        );
    }
    for (const route of service.routes) wanted.set(route, name);
  }
  for (const upstream of upstreams)
    if (!services.some((s) => upstreamName(s.name) === upstream.name))
      problems.push(`upstream ${upstream.name} is no service of the manifest`);
  for (const [location, upstream] of wanted) {
    const actual = proxied.get(location);
    if (actual === undefined) problems.push(`location ${location} (a route of ${upstream}) is not proxied`);
    else if (actual !== upstream)
      problems.push(`location ${location} goes to ${actual}, the manifest says ${upstream}`);
  }
  for (const [location, upstream] of proxied)
    if (!wanted.has(location))
      problems.push(`location ${location} goes to ${upstream} but is no route of the manifest`);
  return problems;
}
