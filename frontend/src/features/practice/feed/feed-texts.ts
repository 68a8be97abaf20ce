/** The calendar feed card's words (the server's own sentences are shown as they come). */
export const feedTexts = {
  title: 'Calendar feed',
  intro:
    'A private address your calendar app subscribes to: it lists the confirmed consultations from 30 days ago to 180 days ahead, with each visitor’s first name only. Anyone with the address can read it, so keep it to yourself; make a new one or revoke it at any time.',
  none: 'You have no calendar feed.',
  since: (when: string) => `You have a calendar feed, made ${when}.`,
  lastFetched: (when: string) => `A calendar last read it ${when}.`,
  neverFetched: 'No calendar has read it yet.',
  hidden:
    'Its address was shown once, when it was made. To add it to another calendar, make a new one (the old address then stops working).',
  create: 'Create feed address',
  replace: 'Make a new address',
  replaceConfirm: 'Make a new address? The current one stops working at once, in every calendar that uses it.',
  replaceYes: 'Make a new one',
  revoke: 'Revoke feed',
  revokeConfirm: 'Revoke the feed? Calendars subscribed to it stop updating.',
  revokeYes: 'Revoke',
  keep: 'Keep it',
  revoked: 'The feed is revoked: its address no longer works.',
  urlLabel: 'Your feed address (https)',
  webcalLabel: 'The same address for Apple Calendar and Outlook (webcal)',
  shownOnce: 'Copy it now: it is shown only this once.',
  copy: 'Copy address',
  copyWebcal: 'Copy webcal address',
  copied: 'Copied.',
  copyFailed: 'Could not copy: select the address and copy it yourself.',
  helpTitle: 'How to subscribe',
  help: [
    {
      app: 'Google Calendar',
      how: 'On a computer: Other calendars, +, From URL; paste the https address and choose Add calendar. Google reads it again every few hours.',
    },
    {
      app: 'Apple Calendar',
      how: 'iPhone: Settings, Calendar, Accounts, Add Account, Other, Add Subscribed Calendar; on a Mac: File, New Calendar Subscription. Paste the webcal address.',
    },
    {
      app: 'Outlook',
      how: 'Add calendar, Subscribe from web; paste the address and choose Import.',
    },
  ],
};
