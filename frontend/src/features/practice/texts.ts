/** The practice's console's words, in one place (the server's own sentences are shown as they come). */
export const texts = {
  consoleName: 'Practice console',
  invite: {
    title: 'Create your passkey',
    intro:
      'This invitation lets you sign in to the practice console with a passkey: your device keeps the key, unlocked with your fingerprint, face or screen lock. No password.',
    button: 'Create a passkey',
    noToken: 'This page needs the link from your invitation e-mail. Please open the link in the e-mail again.',
  },
  signIn: {
    title: 'Sign in',
    intro: 'Sign in to the practice console with the passkey you created from your invitation.',
    button: 'Sign in with a passkey',
  },
  passkeyCancelled: 'The passkey was not used (cancelled or timed out). Please try again.',
  passkeyUnsupported: 'This browser cannot use passkeys. Please use an up-to-date browser.',
  shell: {
    signedInAs: 'Signed in as',
    role: 'Role',
    sessionEnds: 'Session ends',
    signOut: 'Sign out',
    practitionerNote: 'Your calendar and your visitors will appear here.',
  },
  staff: {
    title: 'Staff',
    email: 'E-mail',
    role: 'Role',
    status: 'Status',
    passkeys: 'Passkeys',
    since: 'Since',
    actions: 'Actions',
    revoke: 'Revoke',
    revokeConfirm: (email: string) => `Revoke ${email}? Her sessions end now and her passkeys are deleted.`,
    revoked: (email: string) => `${email} is revoked.`,
  },
  inviteForm: {
    title: 'Invite a staff member',
    email: 'E-mail address',
    emailRequired: 'Please enter an e-mail address.',
    role: 'Role',
    button: 'Send invitation',
    sent: (email: string, expiresAt: string) => `Invitation sent to ${email}. The link works once, until ${expiresAt}.`,
  },
  roles: { admin: 'Admin', practitioner: 'Practitioner' },
  audit: {
    title: 'Audit log',
    at: 'When',
    who: 'Who',
    action: 'Action',
    target: 'On',
    ip: 'From',
  },
} as const;

/** A date and time as the console shows it (the browser's locale and zone). */
export const formatTime = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
