import { makeStore } from '../../src/app/store';
import { errorSentence } from '../../src/shared/api/error-message';
import { paymentsConfigApi } from '../../src/shared/api/payments-config';

// GET /api/payments/config (shared/api/payments-config.ts), which every screen that offers a payment reads
// before anything is attempted, against a stubbed fetch.

const realFetch = globalThis.fetch;
let asked: string[] = [];
let answer: () => Response;
let store: ReturnType<typeof makeStore>;

beforeEach(() => {
  asked = [];
  store = makeStore();
  globalThis.fetch = (async (url: string) => {
    asked.push(String(url));
    return answer();
  }) as typeof fetch;
});
afterEach(() => {
  store.dispatch(paymentsConfigApi.util.resetApiState());
  globalThis.fetch = realFetch;
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("payments' configuration", () => {
  test('when payments is configured, then the publishable key is the answer, read once for every screen', async () => {
    answer = json(200, { publishableKey: 'pk_test_123' });
    const first = await store.dispatch(paymentsConfigApi.endpoints.paymentsConfig.initiate());
    const second = await store.dispatch(paymentsConfigApi.endpoints.paymentsConfig.initiate());
    expect(first.data).toEqual({ publishableKey: 'pk_test_123' });
    expect(second.data).toEqual({ publishableKey: 'pk_test_123' });
    expect(asked).toEqual(['/api/payments/config']);
  });

  test("when online payment is not available (503), then the screens have payments' own sentence to say", async () => {
    const sentence = 'Online payment is not available right now. Please write to the practice.';
    answer = json(503, { message: sentence });
    const result = await store.dispatch(paymentsConfigApi.endpoints.paymentsConfig.initiate());
    expect(result.error).toMatchObject({ status: 503 });
    expect(errorSentence(result.error)).toBe(sentence);
  });
});
