import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';

export const texts = {
  signIn: {
    pageTitle: 'Sign In',
    intro: 'Your subscription on this device.',
    checking: 'Signing you in…',
    doneTitle: "You're signed in",
    doneText: `Your subscription works on this device too: the chat shows Unlimited Access to ${PRACTITIONER_NAME}'s AI.`,
    openChat: 'Ask the AI now',
    failedTitle: 'This sign-in link cannot be used',
    noTokenTitle: 'Sign in with a link from your e-mail',
    noToken:
      'This page signs a device in to your subscription when it is opened from a sign-in link. To get one, enter below the e-mail address you subscribed with, and we will e-mail you a sign-in link for this device.',
    incomplete: 'This sign-in link is incomplete: open the whole link from the e-mail, or ask for a new one below.',
    askAgain: 'Ask for a new sign-in link:',
    askFirst: 'Ask for a sign-in link:',
    retry: 'Try again',
    home: 'Back to the home page',
  },
  manage: {
    pageTitle: 'Manage Subscription',
    intro: 'Change your card, see your invoices or cancel, on Stripe.',
    opening: 'Opening the subscription management page…',
    failedTitle: 'The subscription management page could not be opened',
    incomplete: 'This link is incomplete: open the whole "Manage subscription" link from your welcome e-mail.',
    retry: 'Try again',
    home: 'Back to the home page',
  },
  manageButton: 'Manage subscription',
} as const;
