// Invites: a random token in an e-mailed link (the database keeps only its sha256), single use, for 24 hours.
// The first admin (PRACTICE_FIRST_ADMIN_EMAIL) is invited at start while no staff exists: once, and again only
// after that invite expired unused (the claim on replacing it lets one replica of several send it).
import { randomBytes, randomUUID } from 'node:crypto';
import { html, HttpError, link, TIMED_OUT, within, type Logger, type Mailer } from '@hhp/kit';
import type { StaffRole } from '@hhp/proto';
import type { PracticeMetrics } from '../metrics.js';
import { sha256, type InviteDoc, type PracticeStore } from '../store.js';

export const INVITE_TTL_MS = 24 * 60 * 60 * 1000;

export const MAIL_FAILED =
  'The invitation e-mail could not be sent, so no invite was made. Please try again in a moment.';

export interface InviteDeps {
  store: PracticeStore;
  mailer: Mailer;
  metrics: PracticeMetrics;
  /** The longest the e-mail may take to be accepted (the mailer's own timeouts are per step). */
  mailTimeoutMs: number;
  publicUrl: string;
  now: () => Date;
  logger: Logger;
}

/** The console's page a link opens; the token is in the fragment, which no server or log ever sees. */
export const inviteLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/practice/invite#${token}`;

/** Stores a new invite for `email` and e-mails its link. */
export async function invite(
  deps: InviteDeps,
  { email, role, invitedBy, firstAdmin }: { email: string; role: StaffRole; invitedBy?: string; firstAdmin?: boolean },
): Promise<InviteDoc> {
  const address = email.toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  const existing = await deps.store.staff.findOne({ email: address });
  const doc: InviteDoc = {
    _id: sha256(token),
    email: address,
    role,
    staffId: existing?._id ?? randomUUID(),
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    ...(invitedBy ? { invitedBy } : {}),
    ...(firstAdmin ? { firstAdmin } : {}),
  };
  await deps.store.invites.insertOne(doc);
  const url = inviteLink(deps.publicUrl, token);
  // Bounded as a whole: a server that trickles its answers would pass each of the mailer's step timeouts. An
  // e-mail it accepts after all, later, holds a link to an invite no longer kept (410).
  let failure: unknown;
  const sent = await within(deps.mailTimeoutMs, sendInvite(deps, doc, url)).catch((err: unknown) => {
    failure = err;
    return undefined;
  });
  if (sent === TIMED_OUT || sent === undefined) {
    await deps.store.invites.deleteOne({ _id: doc._id });
    const err = failure ?? new Error(`no answer from the mail server in ${deps.mailTimeoutMs} ms`);
    deps.logger.warn({ err }, 'the invitation e-mail could not be sent; the invite is not kept');
    throw new HttpError(503, MAIL_FAILED, { cause: err });
  }
  deps.metrics.invitesSent.inc({ role });
  return doc;
}

function sendInvite(deps: InviteDeps, { email: address, role, _id }: InviteDoc, url: string): Promise<string> {
  return deps.mailer.send({
    to: address,
    subject: 'Your invitation to the practice console',
    preheader: 'Register a passkey to sign in to the practice console.',
    html: html`<p>You are invited to the practice console of the Holistic Health Portal as ${role}.</p>
      <p>${link(url, 'Register your passkey')}</p>
      <p>The link works once, for 24 hours. If you did not expect it, ignore this e-mail.</p>`,
    text: [
      `You are invited to the practice console of the Holistic Health Portal as ${role}.`,
      '',
      `Register your passkey: ${url}`,
      '',
      'The link works once, for 24 hours. If you did not expect it, ignore this e-mail.',
    ].join('\n'),
    idempotencyKey: `practice-invite:${_id}`,
  });
}

/** The invite `token` names while it is unused and unexpired. */
export async function liveInvite(store: PracticeStore, token: string, now: Date): Promise<InviteDoc | undefined> {
  const doc = await store.invites.findOne({ _id: sha256(token) });
  if (!doc || doc.usedAt || doc.expiresAt.getTime() <= now.getTime()) return undefined;
  return doc;
}

/** At start: invites the first admin while no staff exists and no invite of hers is live. What it did. */
export async function inviteFirstAdmin(
  deps: InviteDeps,
  email: string | undefined,
): Promise<'invited' | 'pending' | 'staffed' | 'unset'> {
  if (!email) return 'unset';
  if ((await deps.store.staff.countDocuments({}, { limit: 1 })) > 0) return 'staffed';
  const last = await deps.store.invites.find({ firstAdmin: true }).sort({ createdAt: -1 }).limit(1).next();
  if (last && !last.usedAt && last.expiresAt.getTime() > deps.now().getTime()) return 'pending';
  // One replica replaces a given last invite (or the absence of one); the others see the claim taken.
  const claim = `first-admin-invite:${last?._id ?? 'none'}`;
  if (!(await deps.store.claim(claim, deps.now()))) return 'pending';
  try {
    await invite(deps, { email, role: 'admin', firstAdmin: true });
  } catch (err) {
    // Not sent: the next start tries again.
    await deps.store.unclaim(claim);
    throw err;
  }
  deps.logger.info('the first admin is invited: the e-mail with the link has been sent to PRACTICE_FIRST_ADMIN_EMAIL');
  return 'invited';
}
