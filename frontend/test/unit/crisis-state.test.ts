import { configureStore } from '@reduxjs/toolkit';
import { crisisDismissed, crisisRaised, crisisSlice, selectCrisis } from '../../src/shared/crisis/crisis-slice';
import { looksLikeCrisis } from '../../src/shared/crisis/local-check';

// The crisis banner's state (shared/crisis/crisis-slice.ts) and the browser's keyword check (local-check.ts).

const makeStore = () => configureStore({ reducer: { [crisisSlice.reducerPath]: crisisSlice.reducer } });

describe('the crisis banner', () => {
  test('when the page opens, then the banner is hidden and nothing raised it', () => {
    expect(selectCrisis(makeStore().getState())).toEqual({ visible: false, source: null, raised: 0 });
  });

  test('when something raises it, then it shows with who raised it, and each raise is counted', () => {
    const store = makeStore();
    store.dispatch(crisisRaised('typing'));
    expect(selectCrisis(store.getState())).toEqual({ visible: true, source: 'typing', raised: 1 });
    store.dispatch(crisisRaised('server'));
    expect(selectCrisis(store.getState())).toEqual({ visible: true, source: 'server', raised: 2 });
  });

  test('when it is closed, then it hides and keeps its count, and the next raise shows it again', () => {
    const store = makeStore();
    store.dispatch(crisisRaised('unanswered'));
    store.dispatch(crisisDismissed());
    expect(selectCrisis(store.getState())).toEqual({ visible: false, source: 'unanswered', raised: 1 });
    store.dispatch(crisisRaised('typing'));
    expect(selectCrisis(store.getState())).toEqual({ visible: true, source: 'typing', raised: 2 });
  });
});

describe("the browser's crisis keyword check", () => {
  test('when a message holds a keyword in any case, then it reads as a crisis', () => {
    expect(looksLikeCrisis('I think about SUICIDE a lot')).toBe(true);
    expect(looksLikeCrisis('sometimes I want to hurt myself')).toBe(true);
  });

  test('when a keyword is split by an invisible character, then it still matches', () => {
    expect(looksLikeCrisis('I want to end it\u200B all')).toBe(true);
    expect(looksLikeCrisis('sui\u200Dcide')).toBe(true);
  });

  test('when a message holds none, then it does not', () => {
    expect(looksLikeCrisis('What helps with constipation?')).toBe(false);
    expect(looksLikeCrisis('')).toBe(false);
  });
});
