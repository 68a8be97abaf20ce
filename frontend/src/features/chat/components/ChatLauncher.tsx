import {
  Component,
  Suspense,
  lazy,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  chatClosed,
  chatMounted,
  chatOpened,
  chatUnmounted,
  selectChatOpen,
  selectChatOpenRequests,
} from '../../../shared/chat-widget/chat-widget-slice';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { useHydrated } from '../../../shared/ui/use-hydrated';
import { chatStore } from '../chat-store';
import { useCounters } from '../hooks/use-chat';
import { launcherTexts as texts } from '../launcher-texts';
import styles from './launcher.module.css';

// The panel, its styles and its streaming code are a chunk of their own, fetched on the first open, or
// earlier when the pointer or focus reaches the button, or when this tab already has a conversation.
const loadPanel = () => import('./ChatPanel');
const lazyPanel = () => lazy(async () => ({ default: (await loadPanel()).ChatPanel }));
let ChatPanel = lazyPanel();
const preload = () => void loadPanel().catch(() => undefined);

/** A failed chunk download must not take the page down with it; the next open tries again. */
class PanelBoundary extends Component<{ children: ReactNode; onClose: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    // React.lazy remembers a failed download; a fresh one lets the next open try again.
    ChatPanel = lazyPanel();
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.loadFailed} role="alert">
        <p>{texts.loadFailed}</p>
        <button type="button" className={styles.closeFailed} onClick={this.props.onClose}>
          {texts.close}
        </button>
      </div>
    );
  }
}

/** Bottom-left on every page: the round button, its tooltip and the badge of questions left. */
export function ChatLauncher() {
  // Open or closed is the store's, so that other features open the chat with an action (openChat()).
  const dispatch = useDispatch();
  const open = useSelector(selectChatOpen);
  const focusRequest = useSelector(selectChatOpenRequests);
  const [tipDismissed, setTipDismissed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const tipId = useId();
  const badgeId = useId();
  const panelId = useId();
  const counters = useCounters();
  // The prerendered button does nothing until React takes the page over: disabled until then, so a
  // tap is not silently lost (and a browser test waits for it instead of clicking into the void).
  const hydrated = useHydrated();
  // A boolean, so that an answer streaming in does not re-render the button. (A prerendered page has no
  // conversation: hydration starts from that, then reads this tab's.)
  const hasConversation = useSyncExternalStore(
    chatStore.subscribe,
    () => chatStore.get().messages.length > 0,
    () => false,
  );

  useEffect(() => {
    if (!hasConversation) return;
    const timer = setTimeout(preload, 1000);
    return () => clearTimeout(timer);
  }, [hasConversation]);

  useEffect(() => {
    dispatch(chatMounted());
    return () => {
      dispatch(chatUnmounted());
    };
  }, [dispatch]);

  const openPanel = () => dispatch(chatOpened());
  const closePanel = ({ returnFocus = true } = {}) => {
    dispatch(chatClosed());
    if (returnFocus) buttonRef.current?.focus();
  };

  // Escape closes the open chat wherever focus is in it: the panel (its own handler), the launcher (Shift+Tab
  // out of the panel), or nowhere (Tab past the panel's last control, or a control that became disabled).
  // Focus elsewhere on the page is the page's: its Escape is not the chat's.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const focused = document.activeElement;
      const ours = focused === null || focused === document.body || rootRef.current?.contains(focused);
      if (!ours) return;
      event.preventDefault();
      dispatch(chatClosed());
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, dispatch]);

  const showBadge = counters !== undefined && !counters.isSubscriber && counters.queriesUsed >= 1;

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={buttonRef}
        type="button"
        data-chat-open=""
        disabled={!hydrated}
        className={styles.launcher}
        aria-labelledby={tipId}
        aria-describedby={showBadge ? badgeId : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={openPanel}
        onPointerEnter={preload}
        onFocus={preload}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setTipDismissed(true);
        }}
        onPointerLeave={() => setTipDismissed(false)}
        onBlur={() => setTipDismissed(false)}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 3C6.5 3 2 6.8 2 11.5c0 2.4 1.2 4.6 3.1 6.1L4 21l4.2-2.1c1.2.4 2.5.6 3.8.6 5.5 0 10-3.8 10-8.5S17.5 3 12 3Z" />
          <circle cx="8" cy="11.5" r="1.4" className={styles.dot} />
          <circle cx="12" cy="11.5" r="1.4" className={styles.dot} />
          <circle cx="16" cy="11.5" r="1.4" className={styles.dot} />
        </svg>
        {showBadge && (
          <span className={styles.badge} aria-hidden="true">
            {counters.left}
          </span>
        )}
      </button>
      <span id={tipId} role="tooltip" className={styles.tooltip} data-hidden={open || tipDismissed || undefined}>
        {texts.launcherTooltip(PRACTITIONER_NAME)}
      </span>
      {showBadge && (
        <span id={badgeId} hidden>
          {texts.launcherBadge(counters.left)}
        </span>
      )}
      {open && (
        <PanelBoundary onClose={() => closePanel()}>
          <Suspense fallback={<div className={styles.loading} aria-hidden="true" />}>
            <ChatPanel id={panelId} onClose={closePanel} focusRequest={focusRequest} />
          </Suspense>
        </PanelBoundary>
      )}
    </div>
  );
}
