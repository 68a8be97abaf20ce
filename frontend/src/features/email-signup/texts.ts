// Toast texts are quoted by the specification (section 8) and used verbatim.
export const texts = {
  heading: 'Join our community',
  intro: 'Receive new videos and holistic health tips by e-mail.',
  label: 'Email address',
  placeholder: 'you@example.com',
  submit: 'Join',
  successTitle: 'Welcome to our community!',
  successDescription: "You've successfully joined our holistic health journey.",
  failureTitle: 'Subscription failed',
} as const;
