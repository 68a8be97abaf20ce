import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { RegistrationVerifyRequest, SignInVerifyRequest } from '@hhp/proto';
import { errorSentence, isApiError } from '../../shared/api/error-message';
import { texts } from './texts';

/** The browser's passkey ceremonies, answering the JSON forms the server's schemas read. */
/** The server offers only the key types it can read back at sign-in (services/practice PASSKEY_ALGORITHMS). */
export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON) {
  return (await startRegistration({ optionsJSON })) as unknown as RegistrationVerifyRequest['credential'];
}

export const signWithPasskey = async (optionsJSON: PublicKeyCredentialRequestOptionsJSON) =>
  (await startAuthentication({ optionsJSON })) as unknown as SignInVerifyRequest['credential'];

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/**
 * What the person reads when a ceremony failed: the server's sentence for a refused call (used or expired
 * invite, unknown passkey, too many attempts), ours when the browser's passkey dialog was cancelled or failed.
 */
export function ceremonyError(error: unknown): string {
  if (isApiError(error)) return errorSentence(error);
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return texts.passkeyCancelled;
  }
  if (error instanceof Error && error.message) return error.message;
  return errorSentence(error);
}
