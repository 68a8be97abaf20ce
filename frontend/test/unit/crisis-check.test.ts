import { jest } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import { crisisDismissed, crisisSlice, selectCrisis } from '../../src/shared/crisis/crisis-slice';
import { CRISIS_ANSWER_WAIT_MS } from '../../src/shared/crisis/local-check';
import { crisisCheck } from '../../src/shared/crisis/use-crisis-check';
import { crisisFallback } from '../../src/shared/crisis/use-crisis-fallback';

// What the query bar, the symptom explorer and the analyzer do about a crisis (useCrisisCheck and
// useCrisisFallback in shared/crisis), driven outside React against the crisis banner's slice.

const makeStore = () => configureStore({ reducer: { [crisisSlice.reducerPath]: crisisSlice.reducer } });

/** The crisis service's answers, and the queries it was asked about. */
function crisisService(answer: () => Promise<{ isCrisis: boolean }>) {
  const asked: string[] = [];
  const detect = (query: string) => {
    asked.push(query);
    return answer();
  };
  return { asked, detect };
}

const never = () => new Promise<{ isCrisis: boolean }>(() => {});

describe('the crisis check of a text box', () => {
  test('when a keyword is typed, then the banner shows at once; the next keys do not raise it again after it was closed', () => {
    const store = makeStore();
    const check = crisisCheck(store.dispatch, never);
    check.onTyped('I feel');
    expect(selectCrisis(store.getState()).visible).toBe(false);
    check.onTyped('I feel like I want to end it all');
    expect(selectCrisis(store.getState())).toEqual({ visible: true, source: 'typing', raised: 1 });
    store.dispatch(crisisDismissed());
    check.onTyped('I feel like I want to end it all.');
    expect(selectCrisis(store.getState())).toMatchObject({ visible: false, raised: 1 });
  });

  test('when the keyword is typed away and typed again, then it is a new match and raises the banner again', () => {
    const store = makeStore();
    const check = crisisCheck(store.dispatch, never);
    check.onTyped('suicide');
    check.onTyped('sui');
    check.onTyped('suicide');
    expect(selectCrisis(store.getState()).raised).toBe(2);
  });

  test('when a message with no keyword is sent, then the crisis service is not asked and there is no verdict', async () => {
    const store = makeStore();
    const service = crisisService(() => Promise.resolve({ isCrisis: true }));
    await expect(crisisCheck(store.dispatch, service.detect).onSubmitted('What helps with sleep?')).resolves.toBe(
      undefined,
    );
    expect(service.asked).toEqual([]);
    expect(selectCrisis(store.getState()).raised).toBe(0);
  });

  test("when a message with a keyword is sent, then the service's verdict is given, and a crisis raises the banner", async () => {
    const store = makeStore();
    const crisis = crisisService(() => Promise.resolve({ isCrisis: true }));
    await expect(crisisCheck(store.dispatch, crisis.detect).onSubmitted('thinking of suicide')).resolves.toBe(true);
    expect(crisis.asked).toEqual(['thinking of suicide']);
    expect(selectCrisis(store.getState())).toEqual({ visible: true, source: 'server', raised: 1 });

    const calm = makeStore();
    const harmless = crisisService(() => Promise.resolve({ isCrisis: false }));
    await expect(crisisCheck(calm.dispatch, harmless.detect).onSubmitted('is turmeric harmful?')).resolves.toBe(false);
    expect(selectCrisis(calm.getState()).raised).toBe(0);
  });

  test('when the crisis service fails, then there is no verdict and nothing else happens', async () => {
    const store = makeStore();
    const failing = crisisService(() => Promise.reject(new Error('503')));
    await expect(crisisCheck(store.dispatch, failing.detect).onSubmitted('I want to hurt myself')).resolves.toBe(
      undefined,
    );
    expect(selectCrisis(store.getState()).raised).toBe(0);
  });

  test('when an answer says isCrisis, then the banner is raised by the server; otherwise it is not', () => {
    const store = makeStore();
    const check = crisisCheck(store.dispatch, never);
    check.onVerdict(false);
    expect(selectCrisis(store.getState()).raised).toBe(0);
    check.onVerdict(true);
    expect(selectCrisis(store.getState())).toEqual({ visible: true, source: 'server', raised: 1 });
  });
});

describe('the crisis fallback of a text box', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function fallback() {
    const store = makeStore();
    const shown: boolean[] = [];
    return { store, shown, fallback: crisisFallback(store.dispatch, (value) => shown.push(value)) };
  }

  test('when a crisis message waits too long for its answer, then the crisis lines show and the banner says unanswered', () => {
    const { store, shown, fallback: f } = fallback();
    f.sent('I want to end it all', never());
    expect(shown).toEqual([false]);
    jest.advanceTimersByTime(CRISIS_ANSWER_WAIT_MS - 1);
    expect(shown).toEqual([false]);
    jest.advanceTimersByTime(1);
    expect(shown).toEqual([false, true]);
    expect(selectCrisis(store.getState())).toEqual({ visible: true, source: 'unanswered', raised: 1 });
  });

  test('when its answer arrives in time, then nothing more shows', () => {
    const { store, shown, fallback: f } = fallback();
    f.sent('I want to end it all', never());
    f.answered();
    jest.advanceTimersByTime(CRISIS_ANSWER_WAIT_MS);
    expect(shown).toEqual([false]);
    expect(selectCrisis(store.getState()).raised).toBe(0);
  });

  test('when the crisis service says the keyword was not a crisis, then a slow answer is only slow', async () => {
    const { shown, fallback: f } = fallback();
    f.sent('is turmeric harmful?', Promise.resolve(false));
    await jest.advanceTimersByTimeAsync(CRISIS_ANSWER_WAIT_MS);
    expect(shown).toEqual([false]);
  });

  test('when an ordinary message waits long, then no crisis lines show', () => {
    const { shown, fallback: f } = fallback();
    f.sent('What helps with sleep?', never());
    jest.advanceTimersByTime(CRISIS_ANSWER_WAIT_MS * 2);
    expect(shown).toEqual([false]);
  });

  test("when a crisis message's call fails, then the crisis lines take the error's place; an ordinary message's error is the error", () => {
    const { store, shown, fallback: f } = fallback();
    f.sent('What helps with sleep?', never());
    expect(f.failed('What helps with sleep?')).toBe(false);
    expect(shown).toEqual([false]);
    f.sent('thinking of suicide', never());
    expect(f.failed('thinking of suicide')).toBe(true);
    expect(shown).toEqual([false, false, true]);
    jest.advanceTimersByTime(CRISIS_ANSWER_WAIT_MS);
    expect(selectCrisis(store.getState()).raised).toBe(1);
  });

  test('when the next message goes, then the crisis lines of the last are hidden and its wait ends', () => {
    const { store, shown, fallback: f } = fallback();
    f.sent('I want to end it all', never());
    f.sent('What helps with sleep?', never());
    jest.advanceTimersByTime(CRISIS_ANSWER_WAIT_MS);
    expect(shown).toEqual([false, false]);
    expect(selectCrisis(store.getState()).raised).toBe(0);
  });

  test('when the page is left while a crisis message waits, then nothing shows later', () => {
    const { shown, fallback: f } = fallback();
    f.sent('I want to end it all', never());
    f.dispose();
    jest.advanceTimersByTime(CRISIS_ANSWER_WAIT_MS);
    expect(shown).toEqual([false]);
  });
});
