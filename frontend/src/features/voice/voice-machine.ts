// The voice widget's state (specification, section 4: idle, connected and listening, closed), as a pure
// reducer over what the visitor does and what the call reports. Side effects are the widget's: it shows
// `notice` as a toast when its id changes, and raises the page's crisis banner when `crisisRaises` grows.
import type { VoiceServerMessage, VoiceState } from '@hhp/proto/voice';
import { texts } from './texts';

export type CallStatus = 'idle' | 'connecting' | 'connected' | 'closed';

export interface Caption {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  /** false while the caption is still growing. */
  final: boolean;
}

export interface Notice {
  id: number;
  kind: 'success' | 'error';
  title: string;
  description?: string;
}

export interface VoiceWidgetState {
  status: CallStatus;
  /** What the assistant is doing, while connected. */
  activity: VoiceState | null;
  captions: Caption[];
  /** Counts the call's crisis signals: each one raises the page's banner. */
  crisisRaises: number;
  isEmergency: boolean;
  /** The free questions are used up: the upgrade options show. */
  upgrade: boolean;
  /** A limit's words (too many calls, too long, silent too long, too much audio), shown with the crisis lines. */
  limit: string | null;
  /**
   * An answer of this call said `crisisLines` (the visitor's words may hide a crisis: the crisis model's middle
   * band): the 988 and 741741 lines are offered gently, for the rest of the call and after it.
   */
  crisisLinesOffered: boolean;
  notice: Notice | null;
  nextId: number;
}

export type VoiceEvent =
  | { type: 'startPressed' }
  | { type: 'endPressed' }
  /** The peer connection is up. */
  | { type: 'connected' }
  | { type: 'message'; message: VoiceServerMessage }
  /** getUserMedia was refused (or there is no microphone). */
  | { type: 'microphoneFailed' }
  /** The socket could not be opened, or closed before the call began. */
  | { type: 'connectFailed' }
  /** The call broke after it began (the peer connection failed, the service reported an error). */
  | { type: 'callFailed' }
  /** The socket closed. */
  | { type: 'closed' };

export const initialVoiceState: VoiceWidgetState = {
  status: 'idle',
  activity: null,
  captions: [],
  crisisRaises: 0,
  isEmergency: false,
  upgrade: false,
  limit: null,
  crisisLinesOffered: false,
  notice: null,
  nextId: 1,
};

/**
 * Whether the 988 and 741741 lines show beside a limit's words: a visitor whose call a limit refused or ended
 * may be the one in crisis, and a crisis is never behind a limit (issue 26). When the upgrade options show,
 * they carry the lines already (UpgradePanel), so the panel shows them once.
 */
export function crisisLinesBesideLimit(state: Pick<VoiceWidgetState, 'limit' | 'upgrade'>): boolean {
  return state.limit !== null && !state.upgrade;
}

/**
 * Whether the panel offers the 988 and 741741 lines gently (an answer said `crisisLines`): not where the lines show
 * already, beside a limit's words or in the upgrade options.
 */
export function gentleCrisisLines(state: Pick<VoiceWidgetState, 'crisisLinesOffered' | 'limit' | 'upgrade'>): boolean {
  return state.crisisLinesOffered && !crisisLinesBesideLimit(state) && !state.upgrade;
}

const live = (state: VoiceWidgetState) => state.status === 'connecting' || state.status === 'connected';

function withNotice(state: VoiceWidgetState, notice: Omit<Notice, 'id'>): VoiceWidgetState {
  return { ...state, notice: { id: state.nextId, ...notice }, nextId: state.nextId + 1 };
}

function connected(state: VoiceWidgetState): VoiceWidgetState {
  if (state.status !== 'connecting') return state;
  return withNotice(
    { ...state, status: 'connected', activity: state.activity ?? 'listening' },
    { kind: 'success', ...texts.connected },
  );
}

function closed(state: VoiceWidgetState, notice: Omit<Notice, 'id'>): VoiceWidgetState {
  return withNotice({ ...state, status: 'closed', activity: null }, notice);
}

/** A caption still growing is replaced by its longer text, then by its final one; a new one is added. */
function caption(state: VoiceWidgetState, role: Caption['role'], text: string, final: boolean): VoiceWidgetState {
  const index = state.captions.findLastIndex((line) => line.role === role && !line.final);
  if (index >= 0) {
    const captions = state.captions.with(index, { ...state.captions[index]!, text, final });
    return { ...state, captions };
  }
  if (!text) return state;
  const line = { id: state.nextId, role, text, final };
  return { ...state, captions: [...state.captions, line], nextId: state.nextId + 1 };
}

function onMessage(state: VoiceWidgetState, message: VoiceServerMessage): VoiceWidgetState {
  switch (message.type) {
    case 'state':
      return { ...connected(state), activity: message.state };
    case 'transcript': {
      const captioned = caption(state, message.role, message.text, message.final);
      const offered = message.role === 'assistant' && message.crisisLines === true;
      return offered ? { ...captioned, crisisLinesOffered: true } : captioned;
    }
    case 'crisis':
      return { ...state, crisisRaises: state.crisisRaises + 1, isEmergency: state.isEmergency || message.isEmergency };
    case 'quota':
      return { ...state, upgrade: message.exceeded && !message.quota.isSubscriber };
    case 'limit':
      return { ...state, limit: message.message };
    case 'ended':
      return closed(state, { kind: 'success', ...texts.ended });
    case 'unavailable':
      return closed(state, { kind: 'error', ...texts.connectionError });
    case 'error':
      return closed(state, { kind: 'error', ...(state.status === 'connected' ? texts.failed : texts.connectionError) });
    // session, answer and candidate are the call client's.
    default:
      return state;
  }
}

export function voiceReducer(state: VoiceWidgetState, event: VoiceEvent): VoiceWidgetState {
  if (event.type === 'startPressed') {
    if (live(state)) return state;
    return { ...initialVoiceState, status: 'connecting', crisisRaises: state.crisisRaises, nextId: state.nextId };
  }
  // What an ended call still reports is not news.
  if (!live(state)) return state;
  switch (event.type) {
    case 'endPressed':
      return closed(state, { kind: 'success', ...texts.ended });
    case 'connected':
      return connected(state);
    case 'message':
      return onMessage(state, event.message);
    case 'microphoneFailed':
      return closed(state, { kind: 'error', ...texts.failed });
    case 'connectFailed':
      return closed(state, { kind: 'error', ...texts.connectionError });
    case 'callFailed':
      return closed(state, { kind: 'error', ...texts.failed });
    case 'closed':
      return state.status === 'connecting'
        ? closed(state, { kind: 'error', ...texts.connectionError })
        : closed(state, { kind: 'success', ...texts.ended });
  }
}
