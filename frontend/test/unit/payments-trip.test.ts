import { tripOf } from '../../src/shared/payments/booking-trip';
import { subscribedState } from '../../src/features/subscription/confirmed/subscribed-state';
import { keepSetup, takeSetupReturn } from '../../src/features/subscription/subscribe/setup-return';

const draft = {
  type: 'dr-helen',
  name: 'Ada',
  email: 'ada@example.com',
  date: '2026-12-08',
  slot: '2026-12-08T14:00:00.000Z',
  notes: '',
};

describe('the booking trip in the history entry', () => {
  test('when the state holds a form and a hold, then both come back as they were typed', () => {
    expect(tripOf({ draft, hold: { id: 'bk_1', token: 'tok' }, email: 'ada@example.com', other: 1 })).toEqual({
      draft,
      hold: { id: 'bk_1', token: 'tok' },
      email: 'ada@example.com',
    });
  });

  test('when the form names no plan of the catalogue or a field is not text, then no form comes back', () => {
    expect(tripOf({ draft: { ...draft, type: 'free-lunch' } })).toEqual({});
    expect(tripOf({ draft: { ...draft, name: 7 } })).toEqual({});
    expect(tripOf({ draft: { ...draft, date: undefined } })).toEqual({});
  });

  test('when no day or slot was chosen yet, then the form still comes back', () => {
    expect(tripOf({ draft: { ...draft, date: null, slot: null } })).toEqual({
      draft: { ...draft, date: null, slot: null },
    });
  });

  test('when the hold lacks its token, then there is no hold to release', () => {
    expect(tripOf({ hold: { id: 'bk_1' } })).toEqual({});
  });

  test('when the state is not an object, then the trip is empty', () => {
    for (const state of [null, undefined, 'draft', 3]) expect(tripOf(state)).toEqual({});
  });
});

describe('what the subscribe screen hands the confirmation page', () => {
  test('when there is no router state, then the visit is not from subscribing', () => {
    expect(subscribedState(null)).toEqual({});
    expect(subscribedState(undefined).justSubscribed).toBeUndefined();
  });

  test('when the subscribe screen sent the visitor, then the page knows it and what completes it', () => {
    const completion = { customerId: 'cus_1', completionToken: 't', email: 'ada@example.com' };
    expect(subscribedState({ justSubscribed: true, completion })).toEqual({ justSubscribed: true, completion });
  });
});

describe("a card confirmed on its bank's page comes back to /subscribe", () => {
  const store = new Map<string, string>();
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
  beforeAll(() => {
    Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
  });
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });
  beforeEach(() => store.clear());
  const kept = {
    clientSecret: 'seti_1_secret_x',
    customerId: 'cus_1',
    completionToken: 'tok',
    email: 'ada@example.com',
  };
  const back = (secret: string, status = 'succeeded') =>
    new URLSearchParams({ setup_intent_client_secret: secret, redirect_status: status });

  test('when this tab started the setup, then the return completes it, once', () => {
    keepSetup(kept);
    expect(takeSetupReturn(back(kept.clientSecret))).toEqual({ ...kept, succeeded: true });
    expect(takeSetupReturn(back(kept.clientSecret))).toBeNull();
  });

  test('when the bank refused, then the return says it did not succeed', () => {
    keepSetup(kept);
    expect(takeSetupReturn(back(kept.clientSecret, 'failed'))?.succeeded).toBe(false);
  });

  test('when the address names another setup, then nothing kept is used', () => {
    keepSetup(kept);
    expect(takeSetupReturn(back('seti_2_secret_y'))).toBeNull();
  });

  test('when the address is not a return from the bank, then nothing is read or removed', () => {
    keepSetup(kept);
    expect(takeSetupReturn(new URLSearchParams())).toBeNull();
    expect(store.size).toBe(1);
  });

  test('when what was kept is not whole or not JSON, then the visitor starts over', () => {
    store.set('hhp.subscribe.setup', JSON.stringify({ ...kept, email: '' }));
    expect(takeSetupReturn(back(kept.clientSecret))).toBeNull();
    store.set('hhp.subscribe.setup', '{not json');
    expect(takeSetupReturn(back(kept.clientSecret))).toBeNull();
  });
});
