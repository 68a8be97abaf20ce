import {
  initialSubscribeState,
  isValidSubscriptionEmail,
  resumedSubscribeState,
  shownSubscribeState,
  subscribeReducer,
  type SubscribeEvent,
  type SubscribeState,
} from '../../src/features/subscription/subscribe/subscribe-machine';

const run = (events: SubscribeEvent[], from: SubscribeState = initialSubscribeState()) =>
  events.reduce(subscribeReducer, from);

describe('the subscribe steps', () => {
  test('when the e-mail is empty or has no "@", then it is invalid and the flow does not start', () => {
    expect(isValidSubscriptionEmail('')).toBe(false);
    expect(isValidSubscriptionEmail('   ')).toBe(false);
    expect(isValidSubscriptionEmail('visitor.example.com')).toBe(false);
    expect(isValidSubscriptionEmail(' visitor@example.com ')).toBe(true);
    expect(run([{ type: 'email-changed', email: 'nobody' }, { type: 'start' }])).toEqual({
      step: 'email',
      email: 'nobody',
    });
  });

  test('when a valid e-mail is sent and the SetupIntent opens, then the card step shows for that e-mail', () => {
    const card = run([
      { type: 'email-changed', email: ' ada@example.com ' },
      { type: 'start' },
      { type: 'started', clientSecret: 'seti_1_secret_2', customerId: 'cus_1', completionToken: 'cus_1.a.1.m' },
    ]);
    expect(card).toEqual({
      step: 'card',
      email: 'ada@example.com',
      clientSecret: 'seti_1_secret_2',
      customerId: 'cus_1',
      completionToken: 'cus_1.a.1.m',
      busy: false,
    });
  });

  test('when "Change" is pressed on the card step, then the form is cleared and the e-mail step returns', () => {
    const card = run([
      { type: 'email-changed', email: 'ada@example.com' },
      { type: 'start' },
      { type: 'started', clientSecret: 's', customerId: 'c', completionToken: 't' },
    ]);
    expect(subscribeReducer(card, { type: 'change' })).toEqual({ step: 'email', email: '' });
    // Not while the card is being confirmed.
    const busy = subscribeReducer(card, { type: 'confirming' });
    expect(subscribeReducer(busy, { type: 'change' })).toBe(busy);
  });

  test('when the subscription cannot start, then the panel shows and "Try Subscribe Again" keeps the e-mail', () => {
    const failed = run([
      { type: 'email-changed', email: 'ada@example.com' },
      { type: 'start' },
      { type: 'unavailable', reason: 'start' },
    ]);
    expect(failed).toEqual({ step: 'unavailable', email: 'ada@example.com', reason: 'start' });
    expect(subscribeReducer(failed, { type: 'retry' })).toEqual({ step: 'email', email: 'ada@example.com' });
  });

  test('when confirming fails, then the card step is usable again; when it succeeds, the flow is done', () => {
    const busy = run([
      { type: 'email-changed', email: 'ada@example.com' },
      { type: 'start' },
      { type: 'started', clientSecret: 's', customerId: 'c', completionToken: 't' },
      { type: 'confirming' },
    ]);
    expect(busy).toMatchObject({ step: 'card', busy: true });
    expect(subscribeReducer(busy, { type: 'confirm-failed' })).toMatchObject({ step: 'card', busy: false });
    expect(subscribeReducer(busy, { type: 'subscribed' })).toEqual({ step: 'done' });
  });

  test('when an answer arrives for a step the visitor has left, then it is ignored', () => {
    const email = initialSubscribeState('ada@example.com');
    expect(subscribeReducer(email, { type: 'started', clientSecret: 's', customerId: 'c', completionToken: 't' })).toBe(
      email,
    );
    expect(subscribeReducer(email, { type: 'subscribed' })).toBe(email);
  });
});

describe('what the subscribe screen shows', () => {
  const card: SubscribeState = {
    step: 'card',
    email: 'ada@example.com',
    clientSecret: 'seti_1_secret_2',
    customerId: 'cus_1',
    completionToken: 'cus_1.a.1.m',
    busy: false,
  };

  test("when the visitor is back from the bank's page, then the card step shows busy until it is completed", () => {
    const back = resumedSubscribeState({ ...card, succeeded: true } as never);
    expect(back).toEqual({ ...card, busy: true });
    // Busy: "Change" cannot pull the card away while it is being completed.
    expect(subscribeReducer(back, { type: 'change' })).toBe(back);
  });

  test('when payments has no configuration, then the panel shows before anything is typed, with the e-mail kept', () => {
    expect(shownSubscribeState(initialSubscribeState('ada@example.com'), true, false)).toEqual({
      step: 'unavailable',
      email: 'ada@example.com',
      reason: 'configuration',
    });
  });

  test('when the card form cannot load, then the subscription cannot start', () => {
    expect(shownSubscribeState(card, false, true)).toEqual({
      step: 'unavailable',
      email: 'ada@example.com',
      reason: 'start',
    });
  });

  test('when the subscription is done, then a later configuration failure does not replace it', () => {
    expect(shownSubscribeState({ step: 'done' }, true, false)).toEqual({ step: 'done' });
  });

  test('when nothing failed, then the state shows as it is', () => {
    expect(shownSubscribeState(card, false, false)).toBe(card);
    const panel: SubscribeState = { step: 'unavailable', email: 'a@b', reason: 'start' };
    expect(shownSubscribeState(panel, true, false)).toBe(panel);
  });
});
