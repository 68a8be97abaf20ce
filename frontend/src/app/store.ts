import { configureStore } from '@reduxjs/toolkit';
import { api } from '../shared/api/api';
import { chatWidgetSlice } from '../shared/chat-widget/chat-widget-slice';
import { crisisSlice } from '../shared/crisis/crisis-slice';
import { voiceWidgetSlice } from '../shared/voice-widget/voice-widget-slice';

/** A factory, so tests and future server rendering each get a fresh store. */
export function makeStore() {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [crisisSlice.reducerPath]: crisisSlice.reducer,
      [chatWidgetSlice.reducerPath]: chatWidgetSlice.reducer,
      [voiceWidgetSlice.reducerPath]: voiceWidgetSlice.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
