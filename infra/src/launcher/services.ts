// The six services as the launcher runs them: name, default port, entry point.
import path from 'node:path';
import { repoRoot } from '../dev-servers.js';

export const SERVICES = [
  { name: 'ai-query', port: 4001 },
  { name: 'crisis', port: 4002 },
  { name: 'booking', port: 4003 },
  { name: 'payments', port: 4004 },
  { name: 'content', port: 4005 },
  { name: 'voice', port: 4006 },
] as const;

export type ServiceName = (typeof SERVICES)[number]['name'];

/** The nginx.conf placeholder holding each service's host:port. */
export const UPSTREAM_VARIABLE = {
  'ai-query': 'AI_QUERY_UPSTREAM',
  crisis: 'CRISIS_UPSTREAM',
  booking: 'BOOKING_UPSTREAM',
  payments: 'PAYMENTS_UPSTREAM',
  content: 'CONTENT_UPSTREAM',
  voice: 'VOICE_UPSTREAM',
} as const satisfies Record<ServiceName, string>;

export function serviceEntryPoint(name: ServiceName): string {
  return path.join(repoRoot, 'services', name, 'dist', 'main.js');
}
