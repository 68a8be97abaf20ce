// How each service of the manifest (./services.ts) is deployed: its settings and secrets, resources, scaling,
// probes, metrics, what it may reach outside the cluster, and what nginx does on its routes beyond proxying.
// `npm run generate` (scripts/generate.mjs) writes from this and ./services.ts every file that only repeats
// it per service: deploy/k8s/base/services/<name>.yaml (Deployment, Service, PodDisruptionBudget, autoscaler),
// the services' NetworkPolicies, the base's and the overlays' per-service lists, docker-compose.yml's service
// blocks, nginx.conf's upstreams and locations, the Dockerfile's per-service lines, Prometheus's local scrape
// jobs and a Grafana dashboard for a service that has no hand-written one. Its NATS permissions are not here:
// they are computed at run time from the event catalogue (./event-catalogue.ts, infra/src/nats-auth.ts).
//
// A Record over ServiceName: a service added to ./services.ts without an entry here does not compile.
import type { ServiceName } from './services.js';
import { DEFAULT_PRACTITIONER_NAME, DEFAULT_SUPPORT_EMAIL } from './catalogue/practitioner.js';

/**
 * One environment variable beyond those every service gets (SERVICE, HOST, PORT, NATS_URL, LOG_LEVEL,
 * TRUSTED_PROXIES, LOAD_TEST_ALLOWLIST, OTEL_EXPORTER_OTLP_ENDPOINT, MONGODB_URI, NATS_USER, NATS_PASSWORD).
 * Kubernetes reads it from the Secret `<name>-secrets`, the ConfigMap `portal-config` or the value here;
 * docker-compose from .env (`${NAME:?…}` when required, `${NAME:-default}` otherwise).
 */
export type Setting =
  | {
      readonly name: string;
      /** A secret: `<service>-secrets` in Kubernetes, .env under compose. */
      readonly secret: true;
      /** May be missing (secretKeyRef optional; `${NAME:-}` under compose). */
      readonly optional?: boolean;
      /** compose's expression when the rule above does not fit (`${VOICE_ICE_SERVERS:-[]}`). */
      readonly compose?: string;
      readonly comment?: string;
    }
  | {
      readonly name: string;
      /** Not secret: the key of portal-config (the variable's own name unless said), `${KEY:-default}` under compose. */
      readonly config: true;
      readonly key?: string;
      /** compose's default (`${KEY:-default}`); empty unless said. */
      readonly default?: string;
      readonly comment?: string;
    }
  | {
      readonly name: string;
      /** The same in every environment (Kubernetes), a literal under compose unless `compose` or `overridable`. */
      readonly value: string;
      /** compose's expression (`${QUOTA_BUCKET_REPLICAS:-1}`). */
      readonly compose?: string;
      /** compose lets .env change it: `${NAME:-value}`. */
      readonly overridable?: boolean;
      readonly comment?: string;
    };

/** Kubernetes quantities: requests at the mean under load, limits above the peak (BENCHMARKS.md, "Resources"). */
export interface Resources {
  readonly cpu: { readonly request: string; readonly limit: string };
  readonly memory: { readonly request: string; readonly limit: string };
  /** Its logs and its /tmp emptyDir (sizeLimit `tmp`). */
  readonly ephemeral: { readonly request: string; readonly limit: string; readonly tmp: string };
  /** Comment lines above the resources (how they were measured). */
  readonly note?: readonly string[];
}

/** A fixed count (dev runs one, prod `prod`), or a HorizontalPodAutoscaler on CPU that owns the count. */
export type Scaling =
  | { readonly replicas: { readonly dev: number; readonly prod: number } }
  | {
      readonly autoscaler: {
        readonly min: number;
        readonly max: number;
        /** dev's bounds (a patch of the dev overlay). */
        readonly dev: { readonly min: number; readonly max: number };
        readonly cpuUtilization: number;
        /** Comment lines above the HorizontalPodAutoscaler. */
        readonly note: readonly string[];
      };
    };

/** Traffic out of the cluster a NetworkPolicy admits: the model API (HTTPS), Stripe (HTTPS), SMTP. */
export type Egress = 'model-api' | 'stripe' | 'smtp';

/** What nginx does on one route beyond `proxy_pass` (directives as nginx.conf writes them). */
export interface RouteNginx {
  readonly comment?: readonly string[];
  readonly directives: readonly string[];
}

export interface ServiceDeploy {
  /** One line: what the service does (the head of its generated files). */
  readonly summary: string;
  /** The Dockerfile target and image (`hhp-<image>:local`): `voice` adds Python, the Whisper model, espeak-ng. */
  readonly image: 'service' | 'voice';
  readonly settings: readonly Setting[];
  readonly resources: Resources;
  readonly scaling: Scaling;
  readonly egress: readonly Egress[];
  /** Seconds between SIGTERM and SIGKILL (default 30): voice lets calls end. */
  readonly terminationGracePeriodSeconds?: number;
  /** nginx beyond `proxy_pass`, by route of ./services.ts. */
  readonly nginx?: Readonly<Record<string, RouteNginx>>;
  /** compose's `ports:` (voice's calls' UDP range) with the comment above the service. */
  readonly compose?: { readonly comment?: readonly string[]; readonly ports?: readonly string[] };
}

/** The probes every service gets on the kit's health routes (services.ts HEALTH_PATHS), in seconds. */
export const PROBES = {
  startup: { periodSeconds: 2, failureThreshold: 30 },
  liveness: { periodSeconds: 10, timeoutSeconds: 3, failureThreshold: 3 },
  readiness: { periodSeconds: 5, timeoutSeconds: 3, failureThreshold: 2 },
  /** The endpoints controller takes the pod out of the Service before the process hears SIGTERM. */
  preStopSleepSeconds: 5,
} as const;

/** Every service serves Prometheus metrics on its own port at this path (the kit's metrics route). */
export const METRICS_PATH = '/metrics';

const MEASURED = ['Measured (BENCHMARKS.md, "Resources"): requests at the mean under load, limits above the peak.'];
const MEASURED_WITH_MODELS = [
  'Measured (BENCHMARKS.md, "Resources"): requests at the mean under load, limits above the peak. The',
  'sentence-embedding model (services/embeddings) adds about 260 MB, the multilingual one (Spanish) 30 MB',
  'more (scripts/bench/embedding-models.mjs, 2026-11-27: 346 MB, then 376 MB with both).',
];
const SMALL_EPHEMERAL = { request: '64Mi', limit: '256Mi', tmp: '64Mi' };

/** A service's resources: CPU and memory as [request, limit], the small ephemeral storage and MEASURED unless said. */
const resources = ({
  cpu: [cpuRequest, cpuLimit],
  memory: [memoryRequest, memoryLimit],
  ephemeral = SMALL_EPHEMERAL,
  note = MEASURED,
}: {
  cpu: readonly [string, string];
  memory: readonly [string, string];
  ephemeral?: Resources['ephemeral'];
  note?: readonly string[];
}): Resources => ({
  cpu: { request: cpuRequest, limit: cpuLimit },
  memory: { request: memoryRequest, limit: memoryLimit },
  ephemeral,
  note,
});
const TWO = { replicas: { dev: 1, prod: 2 } } as const;

const openai: readonly Setting[] = [
  { name: 'OPENAI_API_KEY', secret: true, optional: true },
  { name: 'OPENAI_BASE_URL', config: true },
];
const subscriberCookie: readonly Setting[] = [
  { name: 'SUBSCRIBER_COOKIE_SECRET', secret: true },
  {
    name: 'SUBSCRIBER_COOKIE_PREVIOUS_SECRET',
    secret: true,
    optional: true,
    comment: 'The secret before a rotation, still accepted (deploy/README.md, "Rotate the subscriber cookie secret").',
  },
];
const publicUrl: Setting = { name: 'PUBLIC_URL', config: true, default: 'http://localhost:8080' };
const smtp: Setting = { name: 'SMTP_URL', secret: true, optional: true };
/** The practice's IANA time zone: booking's calendar and the console's days. */
const practiceTimeZone: Setting = { name: 'PRACTICE_TIME_ZONE', config: true, default: 'America/New_York' };
/** The practitioner the persona, the e-mails and the pages name (the web image's build takes it as a build argument). */
const practitionerName: Setting = { name: 'PRACTITIONER_NAME', config: true, default: DEFAULT_PRACTITIONER_NAME };

export const SERVICE_DEPLOY = {
  'ai-query': {
    summary: 'the AI assistant (answers, the free-question quota); stateless, scaled by its HorizontalPodAutoscaler.',
    image: 'service',
    settings: [
      {
        name: 'QUOTA_BUCKET_REPLICAS',
        value: '3',
        compose: '${QUOTA_BUCKET_REPLICAS:-1}',
        comment: '3 where NATS is a JetStream cluster of three (the Kubernetes manifests); one node under compose.',
      },
      ...subscriberCookie,
      { name: 'SESSION_PASS_SECRET', secret: true },
      ...openai,
      practitionerName,
    ],
    resources: resources({ cpu: ['250m', '1'], memory: ['640Mi', '896Mi'], note: MEASURED_WITH_MODELS }),
    scaling: {
      autoscaler: {
        min: 2,
        max: 10,
        dev: { min: 1, max: 3 },
        cpuUtilization: 70,
        note: [
          "ai-query scales alone (the design card's ops teams): it keeps nothing per process (the quota is in",
          'JetStream KV, subscribers in its MongoDB projection), so a replica more is capacity more. CPU is the',
          'signal here; the prod overlay adds the questions in flight through the Prometheus adapter.',
        ],
      },
    },
    egress: ['model-api'],
    nginx: {
      '/api/query-ai': {
        comment: [
          'A question whose replica dies before its answer begins (a crash, a kill, a node drained) goes to',
          'another replica: safe for this POST because the retry carries the same X-Proxy-Request-Id, under which',
          'the quota finds the free question the first attempt took (QuotaCounters.take), so nothing is counted',
          'twice. Only within proxy_next_upstream_timeout (10 s): a read timeout (120 s) is never retried, and',
          'once any of the answer has gone to the visitor nginx retries nothing.',
        ],
        directives: ['proxy_read_timeout 120s;', 'proxy_next_upstream error timeout non_idempotent;'],
      },
      '/api/query-ai/stream': {
        comment: ['Server-sent events: every token goes out as soon as the service writes it.'],
        directives: [
          'proxy_buffering off;',
          'proxy_cache off;',
          'proxy_read_timeout 300s;',
          'proxy_next_upstream error timeout non_idempotent;',
          '# Keep the service\'s "X-Accel-Buffering: no" for any proxy in front of this one.',
          'proxy_pass_header X-Accel-Buffering;',
        ],
      },
    },
  },
  crisis: {
    summary: 'crisis detection (rules, and OpenAI moderation with a key), asked by ai-query over NATS.',
    image: 'service',
    settings: [
      { ...openai[0]!, comment: "With a key, OpenAI's moderation model judges every message beside the rules." },
      openai[1]!,
    ],
    resources: resources({ cpu: ['100m', '500m'], memory: ['544Mi', '768Mi'], note: MEASURED_WITH_MODELS }),
    scaling: TWO,
    egress: ['model-api'],
  },
  booking: {
    summary: 'the session calendar, holds, confirmations and reminders.',
    image: 'service',
    settings: [
      publicUrl,
      practiceTimeZone,
      { name: 'BOOKING_HOLD_MINUTES', config: true, default: '15' },
      { name: 'SESSION_PASS_SECRET', secret: true },
      { name: 'BOOKING_LINK_SECRET', secret: true },
      { name: 'PRACTITIONER_EMAIL', config: true },
      practitionerName,
      smtp,
    ],
    resources: resources({ cpu: ['100m', '500m'], memory: ['160Mi', '256Mi'] }),
    scaling: TWO,
    egress: ['smtp'],
  },
  payments: {
    summary: 'Stripe Checkout, subscriptions, webhooks and the subscriber cookie.',
    image: 'service',
    settings: [
      ...subscriberCookie,
      { name: 'STRIPE_SECRET_KEY', secret: true, optional: true },
      { name: 'STRIPE_PUBLISHABLE_KEY', config: true },
      { name: 'STRIPE_WEBHOOK_SECRET', secret: true, optional: true },
      { name: 'PUBLIC_BASE_URL', config: true, key: 'PUBLIC_URL', default: 'http://localhost:8080' },
      { name: 'SUPPORT_EMAIL', config: true, default: DEFAULT_SUPPORT_EMAIL },
      smtp,
    ],
    resources: resources({ cpu: ['50m', '500m'], memory: ['160Mi', '256Mi'] }),
    scaling: TWO,
    egress: ['stripe', 'smtp'],
    nginx: {
      '= /api/stripe/webhook': {
        comment: ['Stripe signs the exact bytes it sends: the body is passed through as received, never retried.'],
        directives: ['client_max_body_size 1m;', 'proxy_next_upstream off;'],
      },
    },
  },
  content: {
    summary: 'the video library, its signed ingest and the e-mail list.',
    image: 'service',
    settings: [
      publicUrl,
      { name: 'CONTENT_INGEST_SECRET', secret: true },
      { name: 'LIST_TOKEN_SECRET', secret: true },
      smtp,
    ],
    resources: resources({ cpu: ['150m', '500m'], memory: ['160Mi', '256Mi'] }),
    scaling: TWO,
    egress: ['smtp'],
    nginx: { '/api/videos': { directives: ['client_max_body_size 256k;'] } },
  },
  voice: {
    summary:
      'voice calls (WebSocket signalling, WebRTC media on UDP; the OpenAI Realtime API with a key, else the offline speech engine).',
    image: 'voice',
    settings: [
      publicUrl,
      {
        name: 'VOICE_ENGINE',
        value: 'auto',
        overridable: true,
        comment: "auto: OpenAI's Realtime API when OPENAI_API_KEY is set, else the offline engine in the image.",
      },
      { name: 'OPENAI_REALTIME_MODEL', value: 'gpt-realtime', overridable: true },
      { name: 'OPENAI_REALTIME_VOICE', value: 'marin', overridable: true },
      ...openai,
      practitionerName,
      { name: 'VOICE_ALLOWED_ORIGINS', config: true },
      {
        name: 'VOICE_ICE_SERVERS',
        secret: true,
        compose: '${VOICE_ICE_SERVERS:-[]}',
        comment:
          "A TURN server for visitors behind strict NATs (JSON, RTCIceServer[]): the service's own candidates are its container's or pod's addresses, which a visitor reaches through the relay.",
      },
      {
        name: 'VOICE_TURN_URLS',
        config: true,
        comment: 'Or a TURN server sharing a secret with the service: a credential of its own for each call.',
      },
      { name: 'VOICE_TURN_SECRET', secret: true, optional: true },
      {
        name: 'VOICE_RTC_PORT_MIN',
        value: '40000',
        comment: "The peer connections' UDP ports (published under compose, admitted by the voice-media policy).",
      },
      { name: 'VOICE_RTC_PORT_MAX', value: '40099' },
      { name: 'VOICE_MAX_SESSIONS', config: true, default: '10' },
    ],
    resources: resources({
      cpu: ['500m', '2'],
      memory: ['512Mi', '1Gi'],
      ephemeral: { request: '64Mi', limit: '512Mi', tmp: '256Mi' },
    }),
    scaling: TWO,
    egress: ['model-api'],
    terminationGracePeriodSeconds: 60,
    nginx: {
      '= /ws': {
        comment: ['WebSocket signalling: a call lasts as long as the visitor talks.'],
        directives: ['proxy_read_timeout 1h;', 'proxy_send_timeout 1h;'],
      },
      '= /api/voice/speech': {
        comment: ["Read aloud: the portal's published texts in the server's voice (audio/wav)."],
        directives: [],
      },
    },
    compose: {
      comment: [
        "The voice image: the service image plus Python with the recogniser's venv, the Whisper model and",
        "espeak-ng (the Dockerfile's `voice` target).",
      ],
      ports: ['40000-40099:40000-40099/udp'],
    },
  },
  practice: {
    summary: "the practice's console's server side: staff, invites, passkeys, sessions, roles and the audit log.",
    image: 'service',
    settings: [
      publicUrl,
      {
        name: 'PRACTICE_FIRST_ADMIN_EMAIL',
        config: true,
        comment: 'While no staff exists, this address is e-mailed an invite at start (once; again when it expired).',
      },
      { ...practiceTimeZone, comment: "Booking's: the numbers' today, week and month are the practice's days." },
      smtp,
    ],
    resources: resources({
      cpu: ['50m', '250m'],
      memory: ['128Mi', '256Mi'],
      note: ["Not measured yet: the smallest of the portal's services (content's, without its video list)."],
    }),
    scaling: TWO,
    egress: ['smtp'],
  },
} as const satisfies Record<ServiceName, ServiceDeploy>;

/** How one service is deployed (the entry above). */
export const serviceDeploy = (name: ServiceName): ServiceDeploy => SERVICE_DEPLOY[name];
