import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { ToastContext, type ToastContent, type ToastKind, type Toaster } from './toast';
import { CloseButton } from './CloseButton';
import styles from './toast.module.css';

// The specification's toaster (section 9): one toast at a time, 5 s, F8 reaches it from the keyboard, a swipe to
// the right of 50 px dismisses it. A few dozen lines instead of antd's notification, which would bring antd's
// whole runtime into the first download (see AntdScope.tsx).
const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;
const HOTKEY = 'F8';

interface Shown extends ToastContent {
  id: number;
  kind: ToastKind;
}

/** Provides useToast() to everything inside it and shows the toasts top right. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const nextId = useRef(0);
  const dismiss = useCallback(() => setShown(null), []);
  const toaster = useMemo<Toaster>(() => {
    const show = (kind: ToastKind) => (content: ToastContent) =>
      setShown({ ...content, kind, id: (nextId.current += 1) });
    return { success: show('success'), info: show('info'), error: show('error') };
  }, []);
  return (
    <ToastContext value={toaster}>
      {children}
      <ToastViewport shown={shown} onDismiss={dismiss} />
    </ToastContext>
  );
}

/**
 * Two live regions that are always on the page (a region added together with its text is not reliably read out):
 * an error is an alert, read at once; any other toast a polite status message.
 */
function ToastViewport({ shown, onDismiss }: { shown: Shown | null; onDismiss: () => void }) {
  const viewportRef = useRef<HTMLElement>(null);
  // Where focus was when F8 took it to the toasts, to go back to when the toast goes.
  const returnFocus = useRef<HTMLElement | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const hasToast = shown !== null;

  useEffect(() => {
    if (!hasToast) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== HOTKEY) return;
      event.preventDefault();
      if (document.activeElement instanceof HTMLElement && !viewportRef.current?.contains(document.activeElement)) {
        returnFocus.current = document.activeElement;
      }
      viewportRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hasToast]);

  const dismiss = useCallback(() => {
    const viewport = viewportRef.current;
    if (viewport?.contains(document.activeElement)) {
      const back = returnFocus.current;
      if (back?.isConnected) back.focus();
      else document.getElementById('main')?.focus();
    }
    returnFocus.current = null;
    setFocused(false);
    setHovered(false);
    onDismiss();
  }, [onDismiss]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const card = (kind: 'error' | 'other') =>
    shown && (shown.kind === 'error') === (kind === 'error') ? (
      <ToastCard key={shown.id} toast={shown} paused={hovered || focused} onDismiss={dismiss} />
    ) : null;

  return (
    <section
      ref={viewportRef}
      aria-label={`Notifications (${HOTKEY})`}
      tabIndex={-1}
      className={styles.viewport}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div aria-live="assertive">{card('error')}</div>
      <div aria-live="polite">{card('other')}</div>
    </section>
  );
}

interface CardProps {
  toast: Shown;
  /** While the pointer is over the toasts or focus is in them, the toast stays. */
  paused: boolean;
  onDismiss: () => void;
}

function ToastCard({ toast, paused, onDismiss }: CardProps) {
  const titleId = useId();
  const remaining = useRef(DURATION_MS);
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(onDismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, onDismiss]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button === 0 && !(event.target as HTMLElement).closest('button')) swipeStart.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    const distance = Math.max(0, event.clientX - swipeStart.current);
    if (distance > 0 && !event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    setOffset(distance);
  };
  const onPointerEnd = () => {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    if (offset > SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onDismiss();
  };

  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      aria-labelledby={titleId}
      aria-atomic="true"
      className={`${styles.toast} ${styles[toast.kind]}`}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <KindIcon kind={toast.kind} />
      <div className={styles.text}>
        <p id={titleId} className={styles.title}>
          {toast.title}
        </p>
        {toast.description && (
          <p className={styles.description} data-testid="toast-description">
            {toast.description}
          </p>
        )}
      </div>
      <CloseButton label="Close notification" onClick={onDismiss} className={styles.close} />
    </div>
  );
}

/** antd's notification icons, drawn here: a tick, an "i" or a cross in a circle. */
function KindIcon({ kind }: { kind: ToastKind }) {
  const mark = { success: 'M7.5 12.5l3 3 6-6.5', info: 'M12 11v6M12 7.5v.5', error: 'M9 9l6 6M15 9l-6 6' }[kind];
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      <path d={mark} />
    </svg>
  );
}
