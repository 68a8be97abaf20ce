// nginx.conf's upstream per service and its locations, one per route of the manifest.
import { upstreamName, upstreamVariable } from '@hhp/proto/services';
import type { GeneratedService } from './generated-service.js';

export function nginxUpstreams(services: readonly GeneratedService[]): string[] {
  const lines: string[] = [];
  services.forEach((s, i) => {
    lines.push(`upstream ${upstreamName(s.name)} {`, `    server \${${upstreamVariable(s.name)}};`);
    if (s.keepalive > 0) {
      lines.push(`    keepalive ${s.keepalive};`);
      if (i === 0)
        lines.push(
          "    # Below Node's 5 s keep-alive timeout, so nginx never reuses a connection the service is closing.",
        );
      lines.push('    keepalive_timeout 4s;');
    }
    lines.push('}');
  });
  return lines;
}

export function nginxLocations(services: readonly GeneratedService[]): string[] {
  const lines: string[] = [];
  for (const s of services) {
    const extra = s.deploy.nginx ?? {};
    for (const route of Object.keys(extra))
      if (!s.routes.includes(route))
        throw new Error(`service-deploy.ts: ${s.name}'s nginx names ${route}, no route of it`);
    if (lines.length) lines.push('');
    lines.push(`# --- ${s.name} ${'-'.repeat(Math.max(3, 89 - s.name.length))}`);
    for (const route of s.routes) {
      const { comment = [], directives = [] } = extra[route] ?? {};
      lines.push(
        ...comment.map((l) => `# ${l}`),
        `location ${route} {`,
        ...directives.map((d) => `    ${d}`),
        `    proxy_pass http://${upstreamName(s.name)};`,
        '}',
      );
    }
  }
  return lines;
}
