import { makeStore } from '../../src/app/store';
import {
  openVoice,
  selectVoiceOpenRequests,
  selectVoiceStartRequests,
  voiceMounted,
  voiceUnmounted,
} from '../../src/shared/voice-widget/voice-widget-slice';

describe('opening the voice chat from another feature', () => {
  test('when no voice widget is mounted, then openVoice is not handled and nothing is asked of it', () => {
    const store = makeStore();
    expect(store.dispatch(openVoice({ start: true }))).toBe(false);
    expect(selectVoiceOpenRequests(store.getState())).toBe(0);
    expect(selectVoiceStartRequests(store.getState())).toBe(0);
  });

  test('when the widget is mounted, then each request opens it and only those with start ask for a call', () => {
    const store = makeStore();
    store.dispatch(voiceMounted());
    expect(store.dispatch(openVoice())).toBe(true);
    expect(store.dispatch(openVoice({ start: true }))).toBe(true);
    expect(selectVoiceOpenRequests(store.getState())).toBe(2);
    expect(selectVoiceStartRequests(store.getState())).toBe(1);
  });

  test('when the widget unmounts, then later requests are not handled', () => {
    const store = makeStore();
    store.dispatch(voiceMounted());
    store.dispatch(voiceUnmounted());
    expect(store.dispatch(openVoice({ start: true }))).toBe(false);
    expect(selectVoiceStartRequests(store.getState())).toBe(0);
  });
});
