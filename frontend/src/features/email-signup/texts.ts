// Toast texts are quoted by the specification (section 8) and used verbatim, except the success description: the
// seed's "You've successfully joined…" is not true before the address is confirmed (issue 27, point 4c). The
// answer is the same for every address (so that the list cannot be probed), and an address already on the list
// is sent nothing, so the sentence is true of both: a new address finds the e-mail, a listed one needs none.
export const texts = {
  heading: 'Join our community',
  intro: 'Receive new videos and holistic health tips by e-mail.',
  label: 'Email address',
  placeholder: 'you@example.com',
  submit: 'Join',
  successTitle: 'Welcome to our community!',
  successDescription:
    'Unless this address is on our list already, you will find a confirmation e-mail in your inbox: please open its link to finish joining our holistic health journey.',
  failureTitle: 'Subscription failed',
} as const;

// The texts of the pages the list's e-mails link to are in list-texts.ts: the home page's form (part of the first
// download) does not carry them.
