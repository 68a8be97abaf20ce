import { Component, Suspense, lazy, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  selectVoiceOpenRequests,
  selectVoiceStartRequests,
  voiceMounted,
  voiceUnmounted,
} from '../../../shared/voice-widget/voice-widget-slice';
import { useHydrated } from '../../../shared/ui/use-hydrated';
import { launcherTexts as texts } from '../launcher-texts';
import styles from './voice.module.css';

// The panel and the call client (signalling, peer connection, the reducer) are a chunk of their own, fetched
// on the first open or earlier when the pointer or focus reaches the button: the home page's first download
// carries only this button.
const loadPanel = () => import('./VoicePanel');
const lazyPanel = () => lazy(async () => ({ default: (await loadPanel()).VoicePanel }));
let VoicePanel = lazyPanel();
const preload = () => void loadPanel().catch(() => undefined);

/** A failed chunk download must not take the page down with it: the button stays, the next open tries again. */
class PanelBoundary extends Component<{ children: ReactNode; onFailed: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    VoicePanel = lazyPanel();
    this.props.onFailed();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Bottom-right on every page (specification, section 2): the voice-chat button. Once opened, the panel stays
 * mounted (hidden when closed), so that a call goes on while the visitor reads the page. Another feature opens
 * it, and may start a call, with the store's `openVoice()`.
 */
export function VoiceLauncher() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [inCall, setInCall] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const hydrated = useHydrated();
  /** A start asked for from elsewhere, until the panel (perhaps still downloading) has acted on it. */
  const [startPending, setStartPending] = useState(false);
  const dispatch = useDispatch();
  const openRequests = useSelector(selectVoiceOpenRequests);
  const startRequests = useSelector(selectVoiceStartRequests);

  useEffect(() => {
    dispatch(voiceMounted());
    return () => {
      dispatch(voiceUnmounted());
    };
  }, [dispatch]);

  const openPanel = () => {
    setMounted(true);
    setOpen(true);
    setFocusRequest((count) => count + 1);
  };
  const closePanel = ({ returnFocus = true } = {}) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  // Each request from the store once: the counters only grow while the launcher is mounted.
  const handledOpens = useRef(openRequests);
  const handledStarts = useRef(startRequests);
  useEffect(() => {
    if (openRequests === handledOpens.current) return;
    handledOpens.current = openRequests;
    if (startRequests !== handledStarts.current) {
      handledStarts.current = startRequests;
      setStartPending(true);
    }
    openPanel();
  }, [openRequests, startRequests]);

  return (
    <div className={styles.root} data-open={open || undefined}>
      {mounted && (
        <PanelBoundary
          onFailed={() => {
            setMounted(false);
            setOpen(false);
            setStartPending(false);
          }}
        >
          <Suspense fallback={open ? <div className={styles.loading} aria-hidden="true" /> : null}>
            <VoicePanel
              id={panelId}
              open={open}
              focusRequest={focusRequest}
              onClose={closePanel}
              onCallChange={setInCall}
              startPending={startPending}
              onStartHandled={() => setStartPending(false)}
            />
          </Suspense>
        </PanelBoundary>
      )}
      <button
        ref={buttonRef}
        type="button"
        data-voice-open=""
        data-in-call={inCall || undefined}
        disabled={!hydrated}
        className={styles.launcher}
        aria-label={inCall ? texts.inCall : texts.open}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? closePanel() : openPanel())}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.preventDefault();
            closePanel();
          }
        }}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <rect x="9" y="3" width="6" height="11" rx="3" />
          <path d="M6 11a6 6 0 0 0 12 0M12 17v4M9 21h6" className={styles.stroke} />
        </svg>
      </button>
    </div>
  );
}
