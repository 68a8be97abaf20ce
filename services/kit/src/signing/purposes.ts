// Every purpose the portal signs a value for, once: the purpose is part of the MAC, so a value signed for one is
// never good for another, even under the same key. What each one lets its holder do is SECURITY.md's "Signed
// values" paragraph; the module that makes it is named beside it.
export const PURPOSES = [
  /** booking's join link (kit session-pass.ts): join that AI Avatar Session, inside its window. */
  'session-join',
  /** booking's session pass cookie (kit session-pass.ts): ai-query counts no question of that browser in the window. */
  'session-pass',
  /** booking's "Change or cancel" link (kit session-pass.ts): see, move or cancel that booking. */
  'booking-manage',
  /** payments' subscriber cookie (kit subscriber-cookie.ts): ai-query counts no question while subscribed. */
  'subscriber',
  /** payments' "Manage subscription" link (sign-in/manage-token.ts): Stripe's customer portal of that customer. */
  'subscription-manage',
  /** payments' checkout cookie (subscriptions/checkout-cookie.ts): complete that hosted Checkout here. */
  'checkout-started',
  /** payments' completion token (subscriptions/completion-token.ts): complete that subscription attempt. */
  'subscription-complete',
  /** ai-query's refund token (questions/refund-token.ts): give that spoken question back to the guest's quota. */
  'ai-give-back',
  /** content's confirmation link (subscribers/list-tokens.ts): confirm that sign-up to the e-mail list. */
  'list-confirm',
  /** content's unsubscribe link (subscribers/list-tokens.ts): take that address off the e-mail list. */
  'list-unsubscribe',
] as const;

export type Purpose = (typeof PURPOSES)[number];
