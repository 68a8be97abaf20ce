// Requests to open the voice chat from elsewhere on the page (the symptoms page's voice button), in the store,
// as the chat widget's are: the launcher says when it is mounted and handles each request once. A request may
// ask for the call to start as well; the click that sent it is the visitor's gesture the browser wants before
// it lets the microphone and the answer's audio play.
import { createSlice, type ThunkAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';

export interface VoiceWidgetState {
  /** The launcher is on the page and handles open requests. */
  mounted: boolean;
  /** Counts the requests to open the panel (each moves focus into it). */
  openRequests: number;
  /** Counts the requests to open it and start a call (a call already on is left as it is). */
  startRequests: number;
}

const initialState: VoiceWidgetState = { mounted: false, openRequests: 0, startRequests: 0 };

export const voiceWidgetSlice = createSlice({
  name: 'voiceWidget',
  initialState,
  reducers: {
    voiceMounted(state) {
      state.mounted = true;
    },
    voiceUnmounted(state) {
      state.mounted = false;
    },
    voiceOpenRequested(state, action: { payload: { start: boolean } }) {
      if (!state.mounted) return;
      state.openRequests += 1;
      if (action.payload.start) state.startRequests += 1;
    },
  },
  selectors: {
    selectVoiceOpenRequests: (state) => state.openRequests,
    selectVoiceStartRequests: (state) => state.startRequests,
  },
});

export const { voiceMounted, voiceUnmounted, voiceOpenRequested } = voiceWidgetSlice.actions;
export const { selectVoiceOpenRequests, selectVoiceStartRequests } = voiceWidgetSlice.selectors;

type VoiceWidgetRoot = { [voiceWidgetSlice.reducerPath]: VoiceWidgetState };
/** The store's dispatch as `openVoice()` needs it: `useDispatch<VoiceWidgetDispatch>()`. */
export type VoiceWidgetDispatch = ThunkDispatch<VoiceWidgetRoot, unknown, UnknownAction>;

/** Opens the voice chat (and starts a call with `start`); false when no voice chat is mounted to handle it. */
export const openVoice =
  ({ start = false } = {}): ThunkAction<boolean, VoiceWidgetRoot, unknown, UnknownAction> =>
  (dispatch, getState) => {
    if (!getState()[voiceWidgetSlice.reducerPath].mounted) return false;
    dispatch(voiceOpenRequested({ start }));
    return true;
  };
