// Who may say what on NATS. Every service connects as its own user, allowed to publish only the events it
// emits and to read only the consumers it runs, so a process that gets onto the network (or a service that
// is compromised) cannot, say, publish `subscription.v1.changed` and make itself a subscriber. nats-server
// refuses anonymous connections once users are configured. The launcher (`npm start`), the test harnesses
// and docker-compose.yml (infra/nats/auth.conf, generated from this table) all use these permissions.
//
// A service's events, durable consumers and request subjects come from proto's event catalogue
// (proto/src/event-catalogue.ts, checked against the services' code); its key-value buckets, and the subject
// prefixes of a service whose events are not catalogued yet, go into its entry below.
import {
  DEAD_LETTER_SUBJECT,
  EVENTS_STREAM,
  consumersRunBy,
  eventsPublishedBy,
  natsInboxPrefix,
  requestsAnsweredBy,
  requestsSentBy,
  type NatsService,
} from '@hhp/proto';
import { SERVICE_NAMES, type ServiceName } from '@hhp/proto/services';

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /** May answer the requests it receives (publish to their reply subjects, once each). */
  allowResponses?: boolean;
}

/** Buckets named by the services' configuration (QUOTA_BUCKET, SIGNUP_LIMIT_BUCKET). */
export interface NatsBuckets {
  aiQuota: string;
  signupLimits: string;
}

export const DEFAULT_BUCKETS: NatsBuckets = { aiQuota: 'ai_quota', signupLimits: 'content_signups' };

export function bucketsFrom(env: NodeJS.ProcessEnv): NatsBuckets {
  return {
    aiQuota: env.QUOTA_BUCKET || DEFAULT_BUCKETS.aiQuota,
    signupLimits: env.SIGNUP_LIMIT_BUCKET || DEFAULT_BUCKETS.signupLimits,
  };
}

const S = EVENTS_STREAM;

/**
 * What every service's EventBus does: read the JetStream account, create the stream, and get replies in its
 * own inboxes (the kit connects with proto's natsInboxPrefix), not in anyone else's.
 */
const base = (user: string): NatsPermissions => ({
  publish: ['$JS.API.INFO', `$JS.API.STREAM.CREATE.${S}`, `$JS.API.STREAM.UPDATE.${S}`, `$JS.API.STREAM.INFO.${S}`],
  subscribe: [`${natsInboxPrefix(user)}.>`],
});

/**
 * A durable pull consumer of the events stream on `subject`: create it (only with that filter: the server
 * checks the filter in the subject against the consumer's), read it, ack, and dead-letter what fails.
 */
const consumes = (durable: string, subject: string): NatsPermissions => ({
  publish: [
    `$JS.API.CONSUMER.CREATE.${S}.${durable}.${subject}`,
    `$JS.API.CONSUMER.INFO.${S}.${durable}`,
    `$JS.API.CONSUMER.MSG.NEXT.${S}.${durable}`,
    `$JS.ACK.${S}.${durable}.>`,
    DEAD_LETTER_SUBJECT,
  ],
  subscribe: [],
});

/** A JetStream key-value bucket the service creates and reads and writes keys of. */
const keyValue = (bucket: string): NatsPermissions => ({
  publish: [
    `$KV.${bucket}.>`,
    `$JS.API.STREAM.CREATE.KV_${bucket}`,
    `$JS.API.STREAM.UPDATE.KV_${bucket}`,
    `$JS.API.STREAM.INFO.KV_${bucket}`,
    `$JS.API.STREAM.MSG.GET.KV_${bucket}`,
    `$JS.API.DIRECT.GET.KV_${bucket}`,
    `$JS.API.DIRECT.GET.KV_${bucket}.>`,
  ],
  subscribe: [],
});

const publishes = (...subjects: string[]): NatsPermissions => ({ publish: subjects, subscribe: [] });
const requests = (...subjects: string[]): NatsPermissions => ({ publish: subjects, subscribe: [] });
const answers = (...subjects: string[]): NatsPermissions => ({
  publish: [],
  subscribe: subjects,
  allowResponses: true,
});

function merge(...parts: NatsPermissions[]): NatsPermissions {
  return {
    publish: [...new Set(parts.flatMap((p) => p.publish))],
    subscribe: [...new Set(parts.flatMap((p) => p.subscribe))],
    ...(parts.some((p) => p.allowResponses) ? { allowResponses: true } : {}),
  };
}

/** What the event catalogue says `service` publishes, consumes, asks and answers. */
function catalogued(service: NatsService): NatsPermissions {
  const answered = requestsAnsweredBy(service);
  return merge(
    publishes(...eventsPublishedBy(service)),
    ...consumersRunBy(service).map(({ durable, subject }) => consumes(durable, subject)),
    requests(...requestsSentBy(service)),
    ...(answered.length ? [answers(...answered)] : []),
  );
}

/** Each service's user (named as the service) and what it may do. */
export function servicePermissions(buckets: NatsBuckets = DEFAULT_BUCKETS) {
  return {
    'ai-query': merge(base('ai-query'), catalogued('ai-query'), keyValue(buckets.aiQuota)),
    crisis: merge(base('crisis'), catalogued('crisis')),
    booking: merge(base('booking'), catalogued('booking'), publishes('booking.v1.>')),
    payments: merge(base('payments'), catalogued('payments'), publishes('payment.v1.>', 'subscription.v1.>')),
    content: merge(base('content'), catalogued('content'), keyValue(buckets.signupLimits)),
    voice: merge(base('voice'), catalogued('voice')),
    practice: merge(base('practice'), catalogued('practice')),
  } as const satisfies Record<ServiceName, NatsPermissions>;
}

/** The services' users: one per service of the manifest (proto/src/services.ts), named as the service. */
export type NatsServiceUser = ServiceName;
export const NATS_SERVICE_USERS: readonly NatsServiceUser[] = SERVICE_NAMES;

/** The variable holding a service's NATS password: NATS_PASSWORD_AI_QUERY, NATS_PASSWORD_CONTENT, … */
export const passwordVariable = (user: string): string => `NATS_PASSWORD_${user.toUpperCase().replace(/-/g, '_')}`;

/**
 * A password as the configuration file says it: the value itself, or `{ env: NAME }`, which nats-server
 * reads from its environment when it loads the file (`$NAME`), so that the file can be committed.
 */
export type PasswordSource = string | { env: string };

export interface NatsUser {
  user: string;
  password: PasswordSource;
  /** Omitted: may do anything (the test harness's superuser only). */
  permissions?: NatsPermissions;
}

const quote = (value: string) => JSON.stringify(value);
const list = (values: string[]) => `[${values.map(quote).join(', ')}]`;

/** nats-server's `authorization` block for these users; no anonymous user. */
export function natsAuthConfig(users: NatsUser[]): string {
  const lines = users.map(({ user, password, permissions }) => {
    const pass = typeof password === 'string' ? quote(password) : `$${password.env}`;
    if (!permissions) return `    { user: ${quote(user)}, password: ${pass} }`;
    const perms = [
      `publish: { allow: ${list(permissions.publish)} }`,
      `subscribe: { allow: ${list(permissions.subscribe)} }`,
      ...(permissions.allowResponses ? ['allow_responses: true'] : []),
    ];
    return `    {\n      user: ${quote(user)}\n      password: ${pass}\n      permissions: {\n        ${perms.join('\n        ')}\n      }\n    }`;
  });
  return `authorization {\n  users = [\n${lines.join('\n')}\n  ]\n}\n`;
}

/** The services' users, each with the password `passwordOf` gives. */
export function serviceUsers(
  passwordOf: (user: NatsServiceUser) => PasswordSource,
  buckets: NatsBuckets = DEFAULT_BUCKETS,
): NatsUser[] {
  const permissions = servicePermissions(buckets);
  return NATS_SERVICE_USERS.map((user) => ({ user, password: passwordOf(user), permissions: permissions[user] }));
}

/** docker-compose's file (infra/nats/auth.conf): the passwords come from the nats container's environment. */
export function composeAuthConfig(buckets: NatsBuckets = DEFAULT_BUCKETS): string {
  return (
    '# Generated from infra/src/nats-auth.ts (`node infra/dist/write-nats-auth.js`); do not edit by hand.\n' +
    '# Each service connects as its own user; the passwords come from the environment (.env).\n' +
    natsAuthConfig(serviceUsers((user) => ({ env: passwordVariable(user) }), buckets))
  );
}
