import { makeStore as makeAppStore } from '../../src/app/store';
import { api } from '../../src/shared/api/api';
import { selectQuota } from '../../src/shared/ai/api';
import { callReports } from '../../src/features/voice/use-voice-call';
import type { VoiceEvent } from '../../src/features/voice/voice-machine';

// What a voice call's reports do on the page (features/voice/use-voice-call.ts): the widget's reducer hears the
// current call only, and a spoken question's counters become the chat's, in RTK Query's cached /api/quota.

const stores: ReturnType<typeof makeAppStore>[] = [];
function makeStore() {
  const store = makeAppStore();
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
});

const QUOTA = { queriesUsed: 2, queriesAllowed: 3, isSubscriber: false };
const quotaReport: VoiceEvent = { type: 'message', message: { type: 'quota', quota: QUOTA, exceeded: false } };

describe("a voice call's reports", () => {
  test("when a spoken question was counted, then the chat's counters take the call's and the widget hears it", () => {
    const store = makeStore();
    const sent: VoiceEvent[] = [];
    callReports(
      () => true,
      store.dispatch,
      (event) => sent.push(event),
    )(quotaReport);
    expect(selectQuota(store.getState()).data).toEqual(QUOTA);
    expect(sent).toEqual([quotaReport]);
  });

  test('when the call reports anything else, then only the widget hears it and the counters are not touched', () => {
    const store = makeStore();
    const sent: VoiceEvent[] = [];
    const report = callReports(
      () => true,
      store.dispatch,
      (event) => sent.push(event),
    );
    report({ type: 'connected' });
    report({ type: 'message', message: { type: 'crisis', isEmergency: false } });
    expect(sent.map((event) => event.type)).toEqual(['connected', 'message']);
    expect(selectQuota(store.getState()).data).toBeUndefined();
  });

  test("when an ended call's words arrive late, then nobody hears them: not the widget, not the counters", () => {
    const store = makeStore();
    const sent: VoiceEvent[] = [];
    let current = true;
    const report = callReports(
      () => current,
      store.dispatch,
      (event) => sent.push(event),
    );
    current = false;
    report(quotaReport);
    report({ type: 'closed' });
    expect(sent).toEqual([]);
    expect(selectQuota(store.getState()).data).toBeUndefined();
  });
});
