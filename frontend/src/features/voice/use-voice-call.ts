import { useEffect, useReducer, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { quotaReceived, type AiDispatch } from '../../shared/ai/api';
import { guestId } from '../../shared/ai/guest-id';
import { crisisRaised } from '../../shared/crisis/crisis-slice';
import { useToast } from '../../shared/ui/toast';
import { startVoiceCall, voiceSocketUrl, type VoiceCall } from './voice-call';
import { initialVoiceState, voiceReducer, type VoiceEvent, type VoiceWidgetState } from './voice-machine';

interface Options {
  /** Whether a call is on (the launcher says so while the panel is closed). */
  onCallChange: (inCall: boolean) => void;
  /** A call was asked for from elsewhere on the page: start one unless one is on. */
  startPending: boolean;
  /** The pending start was acted on. */
  onStartHandled?: (() => void) | undefined;
}

export interface VoiceCallControls {
  state: VoiceWidgetState;
  /** Connecting or connected. */
  live: boolean;
  start: () => void;
  end: () => void;
  /** The element the assistant's voice plays in. */
  audioRef: React.RefObject<HTMLAudioElement | null>;
}

/**
 * A call's reports as the page hears them: only while it is the current call (an ended one's late words are not
 * this call's), each to the widget's reducer (`send`), and a spoken question's counters to the chat's, as the
 * chat's own questions do: every screen's counters follow (the chat's badge, its panel).
 */
export function callReports(
  isCurrent: () => boolean,
  dispatch: AiDispatch,
  send: (event: VoiceEvent) => void,
): (event: VoiceEvent) => void {
  return (event) => {
    if (!isCurrent()) return;
    if (event.type === 'message' && event.message.type === 'quota') dispatch(quotaReceived(event.message.quota));
    send(event);
  };
}

/**
 * One voice call at a time and what it reports (voice-machine.ts), with its effects on the page: its notices as
 * toasts, a crisis raising the page's banner, the spoken questions' counters shared with the chat, and the call
 * ended when the page is left.
 */
export function useVoiceCall({ onCallChange, startPending, onStartHandled }: Options): VoiceCallControls {
  const [state, send] = useReducer(voiceReducer, initialVoiceState);
  const { status, notice, crisisRaises } = state;
  const live = status === 'connecting' || status === 'connected';
  const call = useRef<{ handle: VoiceCall } | null>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const toast = useToast();
  const dispatch = useDispatch<AiDispatch>();

  useEffect(() => {
    if (notice) toast[notice.kind]({ title: notice.title, description: notice.description });
    // Each notice once, when it is new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notice?.id]);

  // The crisis signal raises the page's banner, the same action as the chat's and the query bar's.
  const raised = useRef(0);
  useEffect(() => {
    if (crisisRaises === raised.current) return;
    raised.current = crisisRaises;
    dispatch(crisisRaised('server'));
  }, [crisisRaises, dispatch]);

  useEffect(() => {
    onCallChange(live);
    if (!live) call.current = null;
  }, [live, onCallChange]);

  const end = () => {
    call.current?.handle.end();
    call.current = null;
    send({ type: 'endPressed' });
  };

  // Leaving the page (or the widget leaving it) ends the call: the microphone is released, the service told,
  // and a page the browser brings back from its cache shows the call ended.
  useEffect(() => {
    const hangUp = () => {
      if (call.current) end();
    };
    window.addEventListener('pagehide', hangUp);
    return () => {
      window.removeEventListener('pagehide', hangUp);
      hangUp();
    };
    // Once: `end` reads only the ref and the reducer's stable `send`.
  }, []);

  const start = () => {
    send({ type: 'startPressed' });
    const token: { handle: VoiceCall } = { handle: { end: () => undefined } };
    call.current = token;
    token.handle = startVoiceCall({
      url: voiceSocketUrl(window.location),
      guestId: guestId(),
      audio: audioRef.current!,
      onEvent: callReports(() => call.current === token, dispatch, send),
    });
  };

  useEffect(() => {
    if (!startPending) return;
    onStartHandled?.();
    if (!call.current) start();
    // Once per request: `start` is a fresh closure each render and reads nothing the request changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startPending]);

  return { state, live, start, end, audioRef };
}
