export const texts = {
  toggle: 'Already subscribed?',
  intro: 'Enter the e-mail address of your subscription: we send a sign-in link for this device.',
  emailLabel: 'Subscription email address',
  send: 'Send me a sign-in link',
  sending: 'Sending…',
  invalidEmail: 'Please enter a valid email address.',
  tooMany: 'Too many sign-in requests from this network. Please try again later.',
  failed: 'The sign-in link could not be requested right now. Please try again in a moment.',
  notRequested: 'The sign-in link could not be requested.',
} as const;
