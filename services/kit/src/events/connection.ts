// How a service reaches NATS: the servers of NATS_URL and the user it connects as. nats-server refuses
// anonymous connections in every stack the project runs (infra/src/nats-auth.ts gives each service a user
// allowed only its own subjects), so the user comes from NATS_USER and NATS_PASSWORD, or from the URL
// itself (`nats://user:password@host:4222`, which the test harness hands out as one variable).
import { natsInboxPrefix } from '@hhp/proto';

export interface NatsCredentials {
  user?: string | undefined;
  password?: string | undefined;
}

export interface NatsConnectOptions {
  servers: string[];
  user?: string;
  pass?: string;
  /** The user's own inboxes (proto's natsInboxPrefix), the only ones its permissions let it read. */
  inboxPrefix?: string;
}

/**
 * nats.js' connect options for `url` (one or more URLs, separated by commas). The client ignores a user in
 * a URL, so it is taken out of every URL here; NATS_USER and NATS_PASSWORD win over it.
 */
export function natsConnectOptions(url: string, credentials: NatsCredentials = {}): NatsConnectOptions {
  let fromUrl: { user: string; password: string } | undefined;
  const servers = url.split(',').map((entry) => {
    const trimmed = entry.trim();
    let parsed: URL;
    try {
      parsed = new URL(trimmed);
    } catch {
      return trimmed;
    }
    if (!parsed.username) return trimmed;
    fromUrl ??= { user: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
    return `${parsed.protocol}//${parsed.host}`;
  });
  const user = credentials.user ?? fromUrl?.user;
  const pass = credentials.user !== undefined ? credentials.password : (credentials.password ?? fromUrl?.password);
  if (pass !== undefined && user === undefined) throw new Error('NATS_PASSWORD is set but NATS_USER is not');
  if (user === undefined) return { servers };
  return { servers, user, ...(pass !== undefined ? { pass } : {}), inboxPrefix: natsInboxPrefix(user) };
}
