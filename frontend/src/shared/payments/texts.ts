// Screen texts of booking, checkout and the subscription. The specification's quoted texts (sections 2, 5, 8)
// are used verbatim: the toasts' titles and descriptions, the chat input's placeholder, the panels' titles and
// sentences, "What Happens Next", "Change", "Try Subscribe Again".
import { BOOKING_HORIZON_MONTHS, PLANS, type SessionType } from '@hhp/proto/catalogue/plans';
import { PRACTITIONER_NAME } from '../config/practitioner';

const named = (text: string) => text.replaceAll('{name}', PRACTITIONER_NAME);

export const planName = (type: SessionType) => named(PLANS[type].name);
export const planSummary = (type: SessionType) => named(PLANS[type].summary);

const WEEK = [0, 1, 2, 3, 4, 5, 6];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
/** "Tuesdays", "Mondays and Fridays": weekdays (Sunday 0) in the plural, in the week's order. */
const daysList = (weekdays: readonly number[]) =>
  list([...weekdays].sort((a, b) => a - b).map((day) => `${DAY_NAMES[day]}s`));

export const texts = {
  booking: {
    pageTitle: 'Book Session',
    welcomeTitle: `Welcome! I'm ${PRACTITIONER_NAME}'s AI assistant`,
    welcomeText: `Choose a session below, then your date and time. An AI session and the monthly subscription are with ${PRACTITIONER_NAME}'s AI; the consultation is in person with ${PRACTITIONER_NAME} herself.`,
    plansTitle: 'Choose your session',
    priceUnit: { 'ai-session': 'per hour', subscription: 'per month', 'dr-helen': 'per consultation' },
    minutes: (minutes: number) => `${minutes} minutes`,
    subscribeLink: 'Subscribe now',
    selected: (plan: string) => `${plan} selected`,
    detailsTitle: 'Your details',
    name: 'Full name',
    email: 'Email',
    emailInvalid: 'Please enter a valid email address, like name@example.com.',
    required: '(required)',
    dateTitle: 'Date',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    calendarHelp: 'Use the arrow keys to move between days, Page Up and Page Down to change the month.',
    horizonNote: (lastDay: string) => `You can book up to ${BOOKING_HORIZON_MONTHS} months ahead, until ${lastDay}.`,
    /** The same with payments off, when the calendar only shows the free times. */
    horizonNoteBrowse: (lastDay: string) =>
      `Free times are shown up to ${BOOKING_HORIZON_MONTHS} months ahead, until ${lastDay}.`,
    /** Why a day is closed, after its date in the day's name; the plan's week is the practice's (or the catalogue's). */
    closed: {
      past: 'past',
      beyond: `more than ${BOOKING_HORIZON_MONTHS} months ahead`,
      'day-off': 'the practice is closed on this day',
      weekday: (type: SessionType, weekdays: readonly number[]) => {
        if (type === 'dr-helen') {
          return weekdays.length
            ? `${PRACTITIONER_NAME} sees visitors on ${daysList(weekdays)} only`
            : `${PRACTITIONER_NAME} is not seeing visitors at the moment`;
        }
        const closed = WEEK.filter((day) => !weekdays.includes(day));
        return closed.length === 7 ? 'not offered at the moment' : `closed on ${daysList(closed)}`;
      },
    },
    /** Above the calendar: the plan's week (the extra days the practice opens show in the grid itself). */
    calendarNote: (type: SessionType, weekdays: readonly number[]) => {
      if (type === 'dr-helen') {
        return weekdays.length
          ? `Consultations with ${PRACTITIONER_NAME} are on ${daysList(weekdays)}.`
          : `Consultations with ${PRACTITIONER_NAME} are not offered at the moment.`;
      }
      const closed = WEEK.filter((day) => !weekdays.includes(day));
      if (closed.length === 0) return 'Sessions are offered every day.';
      if (closed.length === 7) return 'Sessions are not offered at the moment.';
      return closed.length <= 3
        ? `Sessions are offered every day but ${list(closed.map((day) => DAY_NAMES[day]!))}.`
        : `Sessions are offered on ${daysList(weekdays)}.`;
    },
    timeTitle: 'Time',
    pickDate: 'Choose a date to see the available times.',
    loadingTimes: 'Loading times…',
    timesError: 'The times could not be loaded.',
    retry: 'Try again',
    timeZone: (zone: string) => `Times are in the practice's time zone: ${zone}.`,
    yourTime: (time: string) => `${time} your time`,
    booked: 'Booked',
    dayClosed: 'No sessions on this day. Please choose another date.',
    dayFull: 'Every time on this day is booked. Please choose another date.',
    notesLabel: 'Session notes (optional)',
    notesPlaceholder: 'Anything you would like us to know before the session',
    summaryTitle: 'Booking summary',
    summary: {
      session: 'Session',
      price: 'Price',
      duration: 'Duration',
      date: 'Date',
      time: 'Time',
      name: 'Name',
      email: 'Email',
      notChosen: 'Not chosen yet',
    },
    submit: 'Book Session',
    submitting: 'Booking…',
    submitHint: 'Choose a date and a time to book.',
    paymentNext: {
      subscription: 'Next: your e-mail and card for the monthly subscription.',
      other: 'Next: payment by card. We hold your time while you pay.',
    },
    askTitle: 'Ask about booking',
    askPlaceholder: 'Ask me about session types, scheduling, or what to expect...',
    askPlaceholderShort: 'Ask about sessions...',
    missingTitle: 'Missing information',
    missingDescription: 'Please fill in all required fields.',
    failedTitle: 'Booking failed',
    paymentsOffTitle: 'Online booking is not available right now',
    paymentsOffText:
      'Card payments cannot be taken online at the moment, so a session cannot be booked here and no time will be held for you. To book a session, please write to the practice:',
    paymentsOffBrowse: 'You can still look at the free times below.',
    paymentsOffHint: 'Online booking is not available right now: please write to the practice (see above).',
    bookedTitle: 'Session booked successfully!',
    bookedDescription: 'A confirmation email will follow, and a reminder 24 hours before your session.',
  },
  checkout: {
    pageTitle: 'Checkout',
    intro: 'Review your booked session and pay for it securely by card.',
    progressLabel: 'Checkout progress',
    steps: ['Loading session', 'Creating payment intent', 'Payment form'],
    loadingSession: 'Loading your session…',
    creatingIntent: 'Preparing your secure payment…',
    loadingForm: 'Loading the payment form…',
    summaryTitle: 'Order Summary',
    session: 'Session',
    when: 'Date and time',
    duration: 'Duration',
    total: 'Total',
    paymentTitle: 'Payment details',
    pay: (price: string) => `Pay ${price}`,
    paying: 'Processing payment…',
    heldUntil: (time: string) => `Your time is held for you until ${time}.`,
    nextTitle: 'What Happens Next',
    next: [
      'Your card payment is confirmed securely by our payment provider.',
      'Your session is confirmed, and a confirmation email follows.',
      'A reminder reaches you 24 hours before your session.',
    ],
    back: 'Back to Booking',
    unavailableTitle: 'Payment Service Temporarily Unavailable',
    unavailableDefault: 'Payment service unavailable',
    unavailableText: 'Unable to initialize payment. Please contact support.',
    support: 'Support:',
    recorded: (id: string) => `Your booking has been recorded (reference ${id}); nothing has been charged.`,
    heldThenReleased: (time: string) =>
      `Its time is held for you until ${time}; after that it is released, unless it has been paid.`,
    heldWhileOff: (time: string) =>
      `Its time is held until ${time} and then released, as it cannot be paid online right now.`,
    releaseFailedTitle: 'Your time could not be released',
    releaseLater: 'It is released by itself when the hold lapses, so you can book again.',
    notFoundTitle: 'Session not found',
    notFoundDescription: 'Please choose your session again.',
    closedTitle: 'This booking can no longer be paid',
    closedText: {
      expired: 'The time was held for a limited while and has been released. Please book again.',
      refunded: 'This booking was refunded.',
      cancelled: 'This booking was cancelled.',
    } as Record<string, string>,
    bookAgain: 'Book a session',
    paymentFailedTitle: 'Payment Failed',
    paymentSucceededTitle: 'Payment Successful',
    paymentSucceededDescription: 'Thank you. Your session is being confirmed.',
  },
  subscribe: {
    pageTitle: 'Monthly Subscription',
    intro: (price: string) =>
      `Unlimited access to ${PRACTITIONER_NAME}'s AI for ${price} a month: enter your e-mail, then your card details.`,
    /** With payments off no form follows: the offer alone, the panel below says why and whom to write to. */
    introWhileOff: (price: string) => `Unlimited access to ${PRACTITIONER_NAME}'s AI for ${price} a month.`,
    emailTitle: 'Your email',
    emailLabel: 'Email address',
    emailHelp: 'Your receipts and subscription e-mails go here.',
    continue: 'Continue to payment',
    starting: 'Preparing the payment form…',
    cardTitle: 'Card details',
    subscribingAs: 'Subscribing as',
    change: 'Change',
    subscribe: (price: string) => `Subscribe for ${price}/month`,
    subscribing: 'Subscribing…',
    planIncludes: 'What you get',
    forSession: (when: string) => `Your session on ${when} is confirmed once the subscription is active.`,
    heldUntil: (time: string, minutes: number) =>
      `Your time is held for you until ${time} (${minutes === 1 ? '1 minute' : `${minutes} minutes`} left).`,
    heldWhileOff: (time: string) =>
      `Your time is held until ${time} and then released, as the subscription cannot be started online right now.`,
    lapsedTitle: 'The hold on your time has lapsed',
    lapsed: (when: string) =>
      `Your session on ${when} was held for a limited while, and the time has been released. To have it, please book again.`,
    sessionConfirmed: (when: string) => `Your session on ${when} is confirmed.`,
    notHeld: (when: string) => `Your booking for ${when} is no longer held. Please book again.`,
    bookAgain: 'Book again',
    support: 'Support:',
    back: 'Back to Booking',
    invalidEmailTitle: 'Invalid Email',
    invalidEmailDescription: 'Please enter a valid email address',
    setupFailedTitle: 'Payment Setup Failed',
    failedTitle: 'Subscription Failed',
    failedDefault: 'Failed to create subscription',
    paymentFailedTitle: 'Payment Failed',
    activeTitle: 'Subscription Active!',
    activeDescription: `Unlimited access to ${PRACTITIONER_NAME}'s AI starts now.`,
    unavailableTitle: 'Subscription Service Unavailable',
    unavailableStart: 'Unable to initialize subscription. Please try again later.',
    unavailableConfiguration: 'Payment system configuration issue. Please contact support.',
    tryAgain: 'Try Subscribe Again',
  },
  sessionConfirmed: {
    pageTitle: 'Session Confirmed',
    intro: 'Your booked session and its payment.',
    asking: {
      checking: 'Checking your payment…',
      failedTitle: 'Your session could not be loaded right now.',
      askAgain: 'Check again',
    },
    confirmedTitle: 'Your session is confirmed',
    confirmedText: 'A confirmation email is on its way, and a reminder will follow 24 hours before your session.',
    waitingTitle: 'Payment received',
    waitingText: 'Your payment was received and your confirmation is on its way. This page updates by itself.',
    slowText: 'The confirmation is taking longer than usual. Your payment is safe; please check again in a moment.',
    checkAgain: 'Check again',
    notPaidTitle: 'This session has not been paid yet',
    notPaidText: 'Complete the payment to confirm your session.',
    goToCheckout: 'Go to checkout',
    failedTitle: 'The payment did not go through',
    failedText: 'Your card was not charged. Please try again, or use another card.',
    tryAgain: 'Try the payment again',
    expiredTitle: 'This booking has lapsed',
    expiredText: 'The time was held for a limited while and has been released. Please book again.',
    refundedTitle: 'Your payment was refunded',
    refundedText:
      'The time you chose was taken before your payment arrived, so the payment has been refunded in full. Please choose another time.',
    cancelledTitle: 'This booking was cancelled',
    subscriptionText: 'This session is included with the monthly subscription.',
    goToSubscribe: 'Continue to the subscription',
    noSession: 'No session was named. Book a session to see it here.',
    notFound: 'We could not find this session.',
    paymentCheckError: 'The payment of your session could not be checked right now',
    bookAgain: 'Book a session',
    home: 'Back to the home page',
    details: 'Your session',
  },
  subscriptionConfirmed: {
    pageTitle: 'Subscription Confirmed',
    intro: 'Your monthly subscription.',
    asking: {
      checking: 'Checking your subscription…',
      failedTitle: 'Your subscription could not be checked right now.',
      askAgain: 'Check again',
    },
    activeTitle: 'Your subscription is active',
    activeText: `Ask ${PRACTITIONER_NAME}'s AI as much as you like: the chat shows Unlimited Access.`,
    renews: (date: string) => `It renews on ${date}.`,
    waitingTitle: 'Payment received',
    waitingText: 'Your payment was received and your subscription is being activated. This page updates by itself.',
    slowText: 'Activation is taking longer than usual. Your payment is safe; please check again in a moment.',
    checkAgain: 'Check again',
    noneTitle: 'No subscription found',
    noneText: 'This browser has no subscription yet.',
    endedTitle: 'This subscription is not active',
    endedText: 'Its payment did not complete, or it has ended. You can subscribe again at any time.',
    subscribe: 'Subscribe',
    openChat: 'Ask the AI now',
    home: 'Back to the home page',
  },
} as const;
