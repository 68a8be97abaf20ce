import { makeStore } from '../../src/app/store';
import {
  chatClosed,
  chatMounted,
  chatUnmounted,
  openChat,
  selectChatOpen,
  selectChatOpenRequests,
} from '../../src/shared/chat-widget/chat-widget-slice';

describe('opening the chat from another feature', () => {
  test('when no chat widget is mounted, then openChat is not handled and nothing opens', () => {
    const store = makeStore();
    expect(store.dispatch(openChat())).toBe(false);
    expect(selectChatOpen(store.getState())).toBe(false);
  });

  test('when the widget is mounted, then openChat opens it and each request asks for focus again', () => {
    const store = makeStore();
    store.dispatch(chatMounted());
    expect(store.dispatch(openChat())).toBe(true);
    expect(store.dispatch(openChat())).toBe(true);
    expect(selectChatOpen(store.getState())).toBe(true);
    expect(selectChatOpenRequests(store.getState())).toBe(2);
    store.dispatch(chatClosed());
    expect(selectChatOpen(store.getState())).toBe(false);
  });

  test('when the widget unmounts, then it is closed and later requests are not handled', () => {
    const store = makeStore();
    store.dispatch(chatMounted());
    store.dispatch(openChat());
    store.dispatch(chatUnmounted());
    expect(selectChatOpen(store.getState())).toBe(false);
    expect(store.dispatch(openChat())).toBe(false);
  });
});
