// Whether the floating chat is open, in the store, so that another feature (the home page's "Talk to {name}'s
// AI") opens it with an action instead of pressing its button through the DOM. The launcher says when it is
// mounted; a request to open a chat that is not mounted is not handled, and `openChat()` says so, so the
// caller can show the specification's "Chat widget loading" toast.
import { createSlice, type ThunkAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';

export interface ChatWidgetState {
  /** The launcher is on the page and handles open requests. */
  mounted: boolean;
  open: boolean;
  /** Counts the requests to open: each one moves focus into the panel, even when it is already open. */
  openRequests: number;
}

const initialState: ChatWidgetState = { mounted: false, open: false, openRequests: 0 };

export const chatWidgetSlice = createSlice({
  name: 'chatWidget',
  initialState,
  reducers: {
    chatMounted(state) {
      state.mounted = true;
    },
    chatUnmounted(state) {
      state.mounted = false;
      state.open = false;
    },
    chatOpened(state) {
      if (!state.mounted) return;
      state.open = true;
      state.openRequests += 1;
    },
    chatClosed(state) {
      state.open = false;
    },
  },
  selectors: {
    selectChatOpen: (state) => state.open,
    selectChatOpenRequests: (state) => state.openRequests,
  },
});

export const { chatMounted, chatUnmounted, chatOpened, chatClosed } = chatWidgetSlice.actions;
export const { selectChatOpen, selectChatOpenRequests } = chatWidgetSlice.selectors;

type ChatWidgetRoot = { [chatWidgetSlice.reducerPath]: ChatWidgetState };
/** The store's dispatch as `openChat()` needs it: `useDispatch<ChatWidgetDispatch>()`. */
export type ChatWidgetDispatch = ThunkDispatch<ChatWidgetRoot, unknown, UnknownAction>;

/** Opens the chat; false when no chat is mounted to handle the request. */
export const openChat = (): ThunkAction<boolean, ChatWidgetRoot, unknown, UnknownAction> => (dispatch, getState) => {
  if (!getState()[chatWidgetSlice.reducerPath].mounted) return false;
  dispatch(chatOpened());
  return true;
};
