import { PLANS } from '@hhp/proto/catalogue/plans';

// The upgrade options once the free questions are used (specification, sections 8 and 9), shown by the chat
// and by the voice widget.
export const upgradeTexts = {
  limitTitle: '3 Free Questions Used',
  limitSubtext: 'Get more guidance - choose an option below',
  upgradeOptions: (name: string) =>
    [
      {
        title: 'One Hour AI Session',
        detail: 'Single consultation',
        price: `$${PLANS['ai-session'].price}`,
        to: '/book',
      },
      {
        title: `${name} Consultation`,
        detail: `${PLANS['dr-helen'].durationMinutes} minutes in person`,
        price: `$${PLANS['dr-helen'].price}`,
        to: '/book',
      },
      {
        title: 'Monthly Subscription',
        detail: 'Unlimited access',
        price: `$${PLANS.subscription.price}/month`,
        to: '/subscribe',
      },
    ] as const,
} as const;
