// The services manifest: every Node service of the portal, once, with what each consumer needs to know of
// it. The launcher runs them from it (port, replicas, database, NATS user, readiness), a unit test holds
// nginx.conf's upstreams and locations to it, scripts/check-compose.mjs holds docker-compose.yml and the
// Dockerfile to it, the benchmarks group processes by it, and each service takes its default port from it.
// How each one is deployed is beside it, in ./service-deploy.ts; `npm run generate` (infra/src/generate) writes
// from both every file that repeats them per service (the k8s base, docker-compose.yml's blocks, nginx.conf's
// upstreams and locations, the Dockerfile's lines, …), and `npm test` fails while one is stale. Adding a
// service is its folder, one entry here and one there, its workspace and project, and that command; what
// else must name it is checked, and the check says what is missing: its workspace in package.json and project
// in tsconfig.json (infra's unit test), its deployment and its NATS permissions in infra/src/nats-auth.ts (the
// compiler). services/README.md, "Adding a service".
//
// It lives in proto because every consumer already imports proto and proto imports nothing of ours, so no
// cycle can form; a TypeScript module (not a JSON file) so that the names are a literal union that other
// tables (the NATS permissions) must cover, checked by the compiler. Scripts import the compiled module.

export interface ServiceEntry {
  /** The folder under services/, the process name, the MongoDB and NATS user. Lower-case words joined by `-`. */
  readonly name: string;
  /** Default port: the service's own default (serviceConfig) and the launcher's first choice. */
  readonly port: number;
  /** The nginx location of every path routed to the service, as nginx.conf writes it: `/api/x` (prefix) or
   * `= /api/x` (exact). */
  readonly routes: readonly string[];
  /** Idle keep-alive connections nginx keeps to it (`keepalive`); 0 for none (long-lived WebSockets). */
  readonly keepalive: number;
  /** Runs as several replicas behind nginx when the variable says so (AI_QUERY_REPLICAS); else one process. */
  readonly replicasVariable?: string;
}

/** Every service answers these (the kit's health routes). */
export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

export const SERVICES = [
  {
    name: 'ai-query',
    port: 4001,
    routes: ['/api/query-ai', '/api/query-ai/stream', '/api/quota'],
    keepalive: 32,
    replicasVariable: 'AI_QUERY_REPLICAS',
  },
  { name: 'crisis', port: 4002, routes: ['/api/detect-crisis'], keepalive: 16 },
  { name: 'booking', port: 4003, routes: ['/api/book-session', '/api/session/', '/api/availability'], keepalive: 16 },
  {
    name: 'payments',
    port: 4004,
    routes: [
      '/api/create-',
      '/api/complete-subscription',
      '/api/subscription',
      '/api/payments/',
      '= /api/stripe/webhook',
    ],
    keepalive: 16,
  },
  { name: 'content', port: 4005, routes: ['/api/videos', '/api/subscribe-email'], keepalive: 32 },
  { name: 'voice', port: 4006, routes: ['= /ws', '= /api/voice/speech'], keepalive: 0 },
  { name: 'practice', port: 4007, routes: ['/api/practice/'], keepalive: 8 },
] as const satisfies readonly ServiceEntry[];

export type ServiceName = (typeof SERVICES)[number]['name'];

export const SERVICE_NAMES: readonly ServiceName[] = SERVICES.map((s) => s.name);

export function serviceEntry(name: ServiceName): ServiceEntry {
  return SERVICES.find((s) => s.name === name)!;
}

/** The default port of a service (its config's default and the launcher's first choice). */
export const servicePort = (name: ServiceName): number => serviceEntry(name).port;

/** nginx.conf's upstream block: `ai_query` for ai-query. */
export const upstreamName = (name: string): string => name.replace(/-/g, '_');

/** nginx.conf's placeholder for its host:port: `AI_QUERY_UPSTREAM`. */
export const upstreamVariable = (name: string): string => `${name.toUpperCase().replace(/-/g, '_')}_UPSTREAM`;

/** Its MongoDB database (and, in docker-compose, the user's authSource). */
export const databaseName = (name: string): string => `hhp-${name}`;

/** Its NATS user (infra/src/nats-auth.ts gives each user its permissions). */
export const natsUser = (name: string): string => name;
