// Passkeys (WebAuthn, @simplewebauthn/server): registering one with an invite, signing in with one. Each
// ceremony's challenge is stored with its purpose (and, for a registration, its invite) for five minutes, and
// is answered once: the verification claims it before anything else is believed.
import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { mongo } from 'mongoose';
import { HttpError, isDuplicateKeyError } from '@hhp/kit';
import type { RegistrationVerifyRequest, SignInVerifyRequest } from '@hhp/proto';
import type { ChallengeDoc, PracticeStore, StaffDoc } from '../store.js';
import { liveInvite } from '../staff/invites.js';
import { roleAfterInvite } from '../staff/staff.js';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export const INVITE_REFUSED =
  'This invitation link is not valid: it was used already, or it expired. Ask for a new one.';
export const PASSKEY_REFUSED = 'This passkey could not be verified. Please try again.';
/** The same for an unknown passkey, a revoked staff member's and a failed signature: nothing more is said. */
export const SIGN_IN_REFUSED = 'This passkey does not sign in to the practice console.';

export interface RelyingParty {
  /** The host of PUBLIC_URL. */
  id: string;
  /** PUBLIC_URL's origin. */
  origin: string;
  name: string;
}

export interface PasskeyDeps {
  store: PracticeStore;
  rp: RelyingParty;
  now: () => Date;
}

async function rememberChallenge(deps: PasskeyDeps, doc: Omit<ChallengeDoc, 'expiresAt'>): Promise<void> {
  await deps.store.challenges.insertOne({ ...doc, expiresAt: new Date(deps.now().getTime() + CHALLENGE_TTL_MS) });
}

/** The check of the browser's challenge: one of ours, for this purpose (and invite), unexpired, not answered yet. */
function answeredOnce(deps: PasskeyDeps, purpose: ChallengeDoc['purpose'], inviteId?: string) {
  return async (challenge: string): Promise<boolean> => {
    const doc = await deps.store.challenges.findOne({ _id: challenge });
    if (!doc || doc.purpose !== purpose || doc.inviteId !== inviteId) return false;
    if (doc.expiresAt.getTime() <= deps.now().getTime()) return false;
    if (!(await deps.store.claim(`challenge:${challenge}`, deps.now()))) return false;
    await deps.store.challenges.deleteOne({ _id: challenge });
    return true;
  };
}

/**
 * The key types a passkey may have: EdDSA, ES256, RS256, whose signatures proto's AuthenticationCredential holds
 * (512 base64url characters at most). Not @simplewebauthn/server's default, which on a Node with post-quantum Web
 * Crypto offers ML-DSA-44 first: its 2420-byte signatures would register a passkey that could never sign in
 * (Chromium's virtual authenticator chooses it).
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];

export async function registrationOptions(deps: PasskeyDeps, token: string) {
  const invite = await liveInvite(deps.store, token, deps.now());
  if (!invite) throw new HttpError(410, INVITE_REFUSED);
  const existing = await deps.store.passkeys.find({ staffId: invite.staffId }).toArray();
  const options = await generateRegistrationOptions({
    rpName: deps.rp.name,
    rpID: deps.rp.id,
    userName: invite.email,
    userID: new TextEncoder().encode(invite.staffId),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({
      id: key._id,
      ...(key.transports ? { transports: key.transports as AuthenticatorTransport[] } : {}),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    timeout: CHALLENGE_TTL_MS,
  });
  await rememberChallenge(deps, { _id: options.challenge, purpose: 'register', inviteId: invite._id });
  return options;
}

/** Verifies the new passkey, uses the invite up, and makes (or restores) the staff member. */
export async function registerPasskey(deps: PasskeyDeps, { token, credential }: RegistrationVerifyRequest) {
  const invite = await liveInvite(deps.store, token, deps.now());
  if (!invite) throw new HttpError(410, INVITE_REFUSED);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge: answeredOnce(deps, 'register', invite._id),
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
  } catch {
    throw new HttpError(400, PASSKEY_REFUSED);
  }
  if (!verified.verified) throw new HttpError(400, PASSKEY_REFUSED);
  const now = deps.now();
  if (!(await deps.store.claim(`invite:${invite._id}`, now))) throw new HttpError(410, INVITE_REFUSED);
  await deps.store.invites.updateOne({ _id: invite._id }, { $set: { usedAt: now } });
  const staff = await activeStaff(deps, invite, now);
  const { credential: key } = verified.registrationInfo;
  await deps.store.passkeys.insertOne({
    _id: key.id,
    staffId: staff._id,
    publicKey: new mongo.Binary(Buffer.from(key.publicKey)),
    counter: key.counter,
    ...(key.transports ? { transports: key.transports } : {}),
    createdAt: now,
  });
  return staff;
}

async function activeStaff(
  deps: PasskeyDeps,
  invite: { staffId: string; email: string; role: StaffDoc['role']; invitedBy?: string },
  now: Date,
): Promise<StaffDoc> {
  const { store } = deps;
  const known = await store.staff.findOne({ email: invite.email });
  if (known) {
    // Never the last admin lowered to practitioner by an invite (her own, or one sent before she was the last).
    const role = await roleAfterInvite(store, known, invite.role, deps.now);
    await store.staff.updateOne({ _id: known._id }, { $set: { status: 'active', role } });
    return { ...known, status: 'active', role };
  }
  const staff: StaffDoc = {
    _id: invite.staffId || randomUUID(),
    email: invite.email,
    role: invite.role,
    status: 'active',
    createdAt: now,
    ...(invite.invitedBy ? { invitedBy: invite.invitedBy } : {}),
  };
  try {
    await store.staff.insertOne(staff);
  } catch (err) {
    // Another invite of hers registered at the same moment made her (the address is unique): she is known now.
    if (isDuplicateKeyError(err)) return activeStaff(deps, invite, now);
    throw err;
  }
  return staff;
}

export async function signInOptions(deps: PasskeyDeps) {
  // No allowCredentials: the passkey is discoverable and says whose it is.
  const options = await generateAuthenticationOptions({
    rpID: deps.rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await rememberChallenge(deps, { _id: options.challenge, purpose: 'sign-in' });
  return options;
}

/** The staff member whose passkey signed the challenge; 401 for anything else, saying nothing more. */
export async function signIn(deps: PasskeyDeps, { credential }: SignInVerifyRequest): Promise<StaffDoc> {
  const key = await deps.store.passkeys.findOne({ _id: credential.id });
  const staff = key && (await deps.store.staff.findOne({ _id: key.staffId }));
  if (!key || !staff || staff.status !== 'active') throw new HttpError(401, SIGN_IN_REFUSED);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: answeredOnce(deps, 'sign-in'),
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.id,
      credential: {
        id: key._id,
        publicKey: new Uint8Array(key.publicKey.buffer),
        counter: key.counter,
        ...(key.transports ? { transports: key.transports as AuthenticatorTransport[] } : {}),
      },
      requireUserVerification: true,
    });
  } catch {
    throw new HttpError(401, SIGN_IN_REFUSED);
  }
  if (!verified.verified) throw new HttpError(401, SIGN_IN_REFUSED);
  await deps.store.passkeys.updateOne(
    { _id: key._id },
    { $set: { counter: verified.authenticationInfo.newCounter, lastUsedAt: deps.now() } },
  );
  return staff;
}
