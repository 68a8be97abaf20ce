// A staff session of the practice console against a running portal, made the way production makes the first
// one: the service e-mails PRACTICE_FIRST_ADMIN_EMAIL an invite at start, the invite's link carries the token,
// and a passkey (the software one, software-passkey.ts) registers with it through `register/options` and
// `register/verify`; later sessions sign in with the same passkey. For tools that call the console's API with
// a session (scripts/api-test.mjs); every call sends the portal's own Origin, as the console's page does.
import type { MailpitClient } from './mailpit.js';
import { SoftwarePasskey } from './software-passkey.js';

/** The session cookie's name over http (`__Host-hhp_practice` over https). */
export const sessionCookieName = (portalUrl: string): string =>
  new URL(portalUrl).protocol === 'https:' ? '__Host-hhp_practice' : 'hhp_practice';

export interface StaffSession {
  /** `name=value`, for a Cookie header. */
  cookie: string;
  /** The staff member's id, e-mail and role (`me`). */
  me: { id: string; email: string; role: string };
}

async function post(portalUrl: string, path: string, body: unknown): Promise<Response> {
  return fetch(new URL(path, portalUrl), {
    method: 'POST',
    headers: { origin: new URL(portalUrl).origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
}

/** The session a 200 of `register/verify` or `sign-in/verify` started; throws with the answer otherwise. */
async function sessionOf(portalUrl: string, what: string, response: Response): Promise<StaffSession> {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  const name = sessionCookieName(portalUrl);
  const pair = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((p) => p.startsWith(`${name}=`) && p.length > name.length + 1);
  if (!pair) throw new Error(`${what}: 200 without a ${name} cookie`);
  return { cookie: pair, me: (await response.json()) as StaffSession['me'] };
}

/** The token of the newest invitation e-mail to `to` (its link `…/practice/invite#<token>`). */
export async function inviteToken(mail: MailpitClient, to: string, timeoutMs = 30_000): Promise<string> {
  const message = await mail.waitForMessage({ to, subject: 'Your invitation to the practice console' }, timeoutMs);
  const token = /\/practice\/invite#([A-Za-z0-9_-]{43})/.exec(message.Text)?.[1];
  if (!token) throw new Error(`no invite link in the e-mail to ${to}`);
  return token;
}

/** Registers a new software passkey with an invite's token: the passkey and the session it started. */
export async function registerWithInvite(
  portalUrl: string,
  token: string,
): Promise<{ passkey: SoftwarePasskey; session: StaffSession }> {
  const origin = new URL(portalUrl).origin;
  const passkey = new SoftwarePasskey(new URL(portalUrl).hostname);
  const options = await post(portalUrl, '/api/practice/register/options', { token });
  if (options.status !== 200) throw new Error(`register/options: ${options.status} ${await options.text()}`);
  const credential = passkey.register((await options.json()) as Parameters<SoftwarePasskey['register']>[0], {
    origin,
  });
  const verified = await post(portalUrl, '/api/practice/register/verify', { token, credential });
  return { passkey, session: await sessionOf(portalUrl, 'register/verify', verified) };
}

/** A further session of the staff member whose passkey this is (`sign-in/options` + `sign-in/verify`). */
export async function signIn(portalUrl: string, passkey: SoftwarePasskey): Promise<StaffSession> {
  const options = await post(portalUrl, '/api/practice/sign-in/options', {});
  if (options.status !== 200) throw new Error(`sign-in/options: ${options.status} ${await options.text()}`);
  const credential = passkey.assert((await options.json()) as { challenge: string }, {
    origin: new URL(portalUrl).origin,
  });
  return sessionOf(portalUrl, 'sign-in/verify', await post(portalUrl, '/api/practice/sign-in/verify', { credential }));
}
