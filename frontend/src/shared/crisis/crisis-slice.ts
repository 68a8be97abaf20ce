import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Who raised the banner: the browser's keyword check while typing, a service's verdict, or a message that
 * reads as a crisis and got no answer (the AI call failed or took too long).
 */
export type CrisisSource = 'typing' | 'server' | 'unanswered';

export interface CrisisState {
  visible: boolean;
  source: CrisisSource | null;
  /** Counts raises, so the banner can tell a new raise from one it has already handled. */
  raised: number;
}

const initialState: CrisisState = { visible: false, source: null, raised: 0 };

/**
 * The crisis banner's state (specification, section 4): hidden by default, raised by the query bar, the
 * condition pages' ask-box and the symptom explorer, hidden only by its close button.
 */
export const crisisSlice = createSlice({
  name: 'crisis',
  initialState,
  reducers: {
    crisisRaised(state, action: PayloadAction<CrisisSource>) {
      state.visible = true;
      state.source = action.payload;
      state.raised += 1;
    },
    crisisDismissed(state) {
      state.visible = false;
    },
  },
  selectors: {
    selectCrisis: (state) => state,
  },
});

export const { crisisRaised, crisisDismissed } = crisisSlice.actions;
export const { selectCrisis } = crisisSlice.selectors;
