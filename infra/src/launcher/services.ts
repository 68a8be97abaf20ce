// The services as the launcher runs them: the manifest (proto/src/services.ts) plus where each one's
// built entry point is.
import path from 'node:path';
import { SERVICES, upstreamVariable, type ServiceName } from '@hhp/proto/services';
import { repoRoot } from '../dev-servers.js';

export { SERVICES, type ServiceName };

/** The nginx.conf placeholder holding each service's host:port (`AI_QUERY_UPSTREAM`, …). */
export const UPSTREAM_VARIABLE = Object.fromEntries(
  SERVICES.map(({ name }) => [name, upstreamVariable(name)]),
) as Record<ServiceName, string>;

export function serviceEntryPoint(name: ServiceName): string {
  return path.join(repoRoot, 'services', name, 'dist', 'main.js');
}
