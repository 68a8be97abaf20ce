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

/** The pages the list's e-mails link to (/email-confirmed, /email-unsubscribed). */
export const listTexts = {
  confirmedPageTitle: 'Confirm your subscription',
  confirmedIntro: 'The link from our confirmation e-mail brings you here.',
  confirming: 'Confirming your subscription…',
  confirmedTitle: 'Subscription confirmed',
  confirmedText: (email: string) => `Thank you: ${email} will receive our holistic health e-mails.`,
  confirmErrorTitle: 'We could not confirm your subscription',
  supersededTitle: 'This confirmation link has been superseded',
  supersededText:
    'You unsubscribed or signed up again after this link was sent, so it no longer confirms your address. To join our e-mail list, sign up again on the home page and open the link in the newest e-mail we send you.',
  unsubscribePageTitle: 'Unsubscribe',
  unsubscribeIntro: 'Stop receiving our e-mails.',
  unsubscribeTitle: 'Leave our e-mail list?',
  unsubscribeText: 'You will receive no more of our e-mails. You can join again at any time.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribing: 'Unsubscribing…',
  unsubscribedTitle: 'You have been unsubscribed',
  unsubscribedText: 'You will receive no more of our e-mails.',
  unsubscribeErrorTitle: 'We could not unsubscribe you',
  tryAgain: 'Try again',
  checking: 'Checking your link…',
  incompleteTitle: 'This link is incomplete',
  incompleteText: 'Please open the link from the e-mail again, or copy the whole address into the browser.',
  home: 'Back to the home page',
} as const;
