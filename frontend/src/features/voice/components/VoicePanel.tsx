import { useEffect, useId, useReducer, useRef, type KeyboardEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from '../../../shared/router/links';
import { quotaReceived, type AiDispatch } from '../../../shared/ai/api';
import { EmergencyCallLink } from '../../../shared/ai/EmergencyCallLink';
import { guestId } from '../../../shared/ai/guest-id';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { CrisisLines } from '../../../shared/crisis/CrisisLines';
import { crisisRaised } from '../../../shared/crisis/crisis-slice';
import { useToast } from '../../../shared/ui/toast';
import { UpgradePanel } from '../../../shared/upgrade/UpgradePanel';
import { texts } from '../texts';
import { startVoiceCall, voiceSocketUrl, type VoiceCall } from '../voice-call';
import { crisisLinesBesideLimit, gentleCrisisLines, initialVoiceState, voiceReducer } from '../voice-machine';
import styles from './voice.module.css';

interface VoicePanelProps {
  id: string;
  open: boolean;
  /** Changes on every open: focus moves into the panel. */
  focusRequest: number;
  /** `returnFocus: false` when the visitor leaves for another screen through one of the panel's links (the call goes on). */
  onClose: (options?: { returnFocus?: boolean }) => void;
  /** Whether a call is on (the launcher says so while the panel is closed). */
  onCallChange: (inCall: boolean) => void;
  /** A call was asked for from elsewhere on the page (`openVoice({ start: true })`): start one unless one is on. */
  startPending?: boolean;
  /** The pending start was acted on. */
  onStartHandled?: () => void;
}

/** The open voice chat (specification, sections 2, 4, 7 and 8): a non-modal dialog above its button. */
export function VoicePanel({
  id,
  open,
  focusRequest,
  onClose,
  onCallChange,
  startPending = false,
  onStartHandled,
}: VoicePanelProps) {
  const [state, send] = useReducer(voiceReducer, initialVoiceState);
  const { status, activity, captions, notice, crisisRaises, isEmergency, upgrade, limit } = state;
  const live = status === 'connecting' || status === 'connected';
  const call = useRef<{ handle: VoiceCall } | null>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const dialogRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const toast = useToast();
  const dispatch = useDispatch<AiDispatch>();
  const titleId = useId();
  const captionsId = useId();

  useEffect(() => {
    if (focusRequest > 0) (buttonRef.current ?? dialogRef.current)?.focus();
  }, [focusRequest]);

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

  // Leaving the page (or the widget leaving it) ends the call: the microphone is released, the service told,
  // and a page the browser brings back from its cache shows the call ended.
  useEffect(() => {
    const hangUp = () => {
      if (!call.current) return;
      call.current.handle.end();
      call.current = null;
      send({ type: 'endPressed' });
    };
    window.addEventListener('pagehide', hangUp);
    return () => {
      window.removeEventListener('pagehide', hangUp);
      hangUp();
    };
  }, []);

  const start = () => {
    send({ type: 'startPressed' });
    const token: { handle: VoiceCall } = { handle: { end: () => undefined } };
    call.current = token;
    token.handle = startVoiceCall({
      url: voiceSocketUrl(window.location),
      guestId: guestId(),
      audio: audioRef.current!,
      // Only the current call's reports: an ended one's late words are not this call's.
      onEvent: (event) => {
        if (call.current !== token) return;
        // A spoken question counts as the chat's do: every screen's counters follow (the chat's badge, its panel).
        if (event.type === 'message' && event.message.type === 'quota') dispatch(quotaReceived(event.message.quota));
        send(event);
      },
    });
  };

  useEffect(() => {
    if (!startPending) return;
    onStartHandled?.();
    if (!call.current) start();
    // Once per request: `start` is a fresh closure each render and reads nothing the request changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startPending]);

  const end = () => {
    call.current?.handle.end();
    call.current = null;
    send({ type: 'endPressed' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  // The newest words in view as they come (the log keeps a few lines' height).
  const captionsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const log = captionsRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [captions]);

  const growing = captions.some((line) => !line.final);
  const indicator = status === 'connected' ? (activity ?? 'listening') : status;

  return (
    <section
      id={id}
      ref={dialogRef}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      hidden={!open}
      className={styles.panel}
      onKeyDown={onKeyDown}
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {texts.panelTitle(PRACTITIONER_NAME)}
        </h2>
        <button type="button" className={styles.close} aria-label={texts.close} onClick={() => onClose()}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </header>

      <div className={styles.body}>
        <p className={styles.status} data-state={indicator}>
          <span className={styles.indicator} aria-hidden="true" />
          <span>
            {texts.status[status]}
            {status === 'connected' && activity && activity !== 'listening' && ` · ${texts.activity[activity]}`}
          </span>
        </p>

        {/* Announced when it appears: why the call was refused or ended (busy, too many from the network, ...),
            with the crisis lines, which no limit holds back. */}
        {limit && (
          <p className={styles.limit} role="alert">
            {limit}
          </p>
        )}
        {crisisLinesBesideLimit(state) && <CrisisLines />}
        {isEmergency && <EmergencyCallLink />}

        <h3 id={captionsId} className={styles.srOnly}>
          {texts.captions}
        </h3>
        <div
          ref={captionsRef}
          className={styles.captions}
          role="log"
          aria-labelledby={captionsId}
          aria-live="polite"
          aria-busy={growing}
          data-empty={captions.length === 0 || undefined}
        >
          {captions.map((line) => (
            <p key={line.id} className={styles.caption} data-role={line.role}>
              <span className={styles.speaker}>
                {line.role === 'user' ? texts.you : texts.assistant(PRACTITIONER_NAME)}:
              </span>{' '}
              {line.text}
            </p>
          ))}
        </div>

        {/* After the captions, outside their log: the answer announced there is what the visitor hears of it. */}
        {gentleCrisisLines(state) && <CrisisLines gentle />}
        {upgrade && <UpgradePanel onLeave={() => onClose({ returnFocus: false })} />}

        <button
          ref={buttonRef}
          type="button"
          className={live ? `${styles.action} ${styles.end}` : styles.action}
          onClick={live ? end : start}
        >
          {live ? texts.end : texts.start}
        </button>

        <nav aria-label={texts.links}>
          <ul className={styles.links}>
            {texts.linkItems.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.link} onClick={() => onClose({ returnFocus: false })}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {/* The assistant's voice; the press of the start button lets it play. */}
      <audio ref={audioRef} autoPlay hidden />
    </section>
  );
}
