// Payments' two e-mails: the sign-in link a subscriber asks for on another device, and the welcome of a new
// subscription with its "Manage subscription" link. Both in the kit's layout (HTML and text), no tracking.
import { html, link, type MailMessage } from '@hhp/kit';

const SIGN_IN_SUBJECT = 'Your sign-in link';
const WELCOME_SUBJECT = 'Welcome: your unlimited subscription is active';
const ALREADY_SUBSCRIBED_SUBJECT = 'You already have a subscription';

export const signInUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}/subscription/sign-in?token=${encodeURIComponent(token)}`;

export const manageUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}/subscription/manage?token=${encodeURIComponent(token)}`;

export function signInEmail(to: string, url: string, ttlMinutes: number): Omit<MailMessage, 'idempotencyKey'> {
  const within = `${ttlMinutes} minute${ttlMinutes === 1 ? '' : 's'}`;
  return {
    to,
    subject: SIGN_IN_SUBJECT,
    preheader: `Unlimited questions on this device: the link works once, within ${within}.`,
    html: html`<p>Someone (we hope you) asked to use your subscription on another device.</p>
      <p>${link(url, 'Sign in on this device')}</p>
      <p>The link works once, within ${within}. If you did not ask for it, ignore this e-mail: nothing changes.</p>`,
    text: [
      'Someone (we hope you) asked to use your subscription on another device.',
      '',
      `Sign in on this device: ${url}`,
      '',
      `The link works once, within ${within}. If you did not ask for it, ignore this e-mail: nothing changes.`,
    ].join('\n'),
  };
}

export function welcomeEmail(to: string, manage: string): Omit<MailMessage, 'idempotencyKey'> {
  return {
    to,
    subject: WELCOME_SUBJECT,
    preheader: 'Unlimited questions to the AI assistant, $19 a month.',
    html: html`<p>Thank you for subscribing. Your questions to the AI assistant are now unlimited, for $19 a month.</p>
      <p>
        On another device, choose "Already subscribed?" and enter this address: we send a sign-in link for that device.
      </p>
      <p>To change your card, see your invoices or cancel: ${link(manage, 'Manage subscription')}</p>`,
    text: [
      'Thank you for subscribing. Your questions to the AI assistant are now unlimited, for $19 a month.',
      '',
      'On another device, choose "Already subscribed?" and enter this address: we send a sign-in link for that device.',
      '',
      `To change your card, see your invoices or cancel: Manage subscription: ${manage}`,
    ].join('\n'),
  };
}

/**
 * To a subscriber's address that someone started a new subscription with. `signIn` only while the
 * subscription is active (a link would sign nobody in otherwise).
 */
export function alreadySubscribedEmail(
  to: string,
  {
    signIn,
    manage,
    ttlMinutes,
    supportEmail,
  }: { signIn?: string; manage: string; ttlMinutes: number; supportEmail: string },
): Omit<MailMessage, 'idempotencyKey'> {
  const within = `${ttlMinutes} minute${ttlMinutes === 1 ? '' : 's'}`;
  const first = 'Someone (we hope you) started a new subscription with this address, which already has one.';
  const charged = 'Nothing more will be charged: a second subscription is not created.';
  const device = `To use your subscription on that device, follow this link there: it works once, within ${within}.`;
  const ignore = `If it was not you, ignore this e-mail: nothing changes. Questions: ${supportEmail}.`;
  return {
    to,
    subject: ALREADY_SUBSCRIBED_SUBJECT,
    preheader: charged,
    html: html`<p>${first} ${charged}</p>
      ${
        signIn
          ? html`<p>${device}</p>
              <p>${link(signIn, 'Sign in on this device')}</p>`
          : ''
      }
      <p>To change your card, see your invoices or cancel: ${link(manage, 'Manage subscription')}</p>
      <p>${ignore}</p>`,
    text: [
      `${first} ${charged}`,
      '',
      ...(signIn ? [device, `Sign in on this device: ${signIn}`, ''] : []),
      `To change your card, see your invoices or cancel: Manage subscription: ${manage}`,
      '',
      ignore,
    ].join('\n'),
  };
}
