// The list's e-mails: the confirmation of a sign-up, and the unsubscribe headers and link every list e-mail
// carries (RFC 2369 List-Unsubscribe, RFC 8058 one-click: a mail client POSTs the header's URL itself; the
// visible link opens a page that POSTs after a button press, so a link scanner's GET unsubscribes nobody).
import { html, link, type MailMessage } from '@hhp/kit';
import { confirmToken, listToken } from './list-tokens.js';

export interface ListLinks {
  publicUrl: string;
  secret: string;
}

const url = (publicUrl: string, path: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}`;

function unsubscribeLinks({ publicUrl, secret }: ListLinks, subscriberId: string) {
  const token = listToken(secret, 'unsubscribe', subscriberId);
  return {
    page: url(publicUrl, '/email-unsubscribed', token),
    headers: {
      'List-Unsubscribe': `<${url(publicUrl, '/api/subscribe-email/unsubscribe', token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function confirmationEmail(
  links: ListLinks,
  subscriber: { id: string; email: string; signupId: string | undefined },
): Omit<MailMessage, 'idempotencyKey'> {
  // An address stored before sign-ups had ids gets a link of the earlier form (list-tokens.ts).
  const token = subscriber.signupId
    ? confirmToken(links.secret, subscriber.id, subscriber.signupId)
    : listToken(links.secret, 'confirm', subscriber.id);
  const confirm = url(links.publicUrl, '/email-confirmed', token);
  const unsubscribe = unsubscribeLinks(links, subscriber.id);
  return {
    to: subscriber.email,
    subject: 'Please confirm your subscription',
    preheader: 'One click, and our holistic health e-mails start arriving.',
    html: html`<p>Thank you for signing up for our holistic health e-mails.</p>
      <p>Please confirm that this address should receive our e-mails: ${link(confirm, 'Confirm my subscription')}</p>
      <p>If you did not sign up, ignore this e-mail: nothing more will be sent to you.</p>
      <p style="font-size:13px;color:#666">${link(unsubscribe.page, 'Unsubscribe')}</p>`,
    text: [
      'Thank you for signing up for our holistic health e-mails.',
      '',
      `Please confirm that this address should receive our e-mails: ${confirm}`,
      '',
      'If you did not sign up, ignore this e-mail: nothing more will be sent to you.',
      '',
      `Unsubscribe: ${unsubscribe.page}`,
    ].join('\n'),
    headers: unsubscribe.headers,
  };
}
