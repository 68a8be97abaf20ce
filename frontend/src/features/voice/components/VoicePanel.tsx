import { useEffect, useId, useRef } from 'react';
import { Link } from '../../../shared/router/links';
import { EmergencyCallLink } from '../../../shared/ai/EmergencyCallLink';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { CrisisLines } from '../../../shared/crisis/CrisisLines';
import { CloseButton } from '../../../shared/ui/CloseButton';
import { WidgetDialog } from '../../../shared/ui/WidgetDialog';
import { UpgradePanel } from '../../../shared/upgrade/UpgradePanel';
import { texts } from '../texts';
import { useVoiceCall } from '../use-voice-call';
import { crisisLinesBesideLimit, gentleCrisisLines } from '../voice-machine';
import { VoiceCaptions } from './VoiceCaptions';
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
  const { state, live, start, end, audioRef } = useVoiceCall({ onCallChange, startPending, onStartHandled });
  const { status, activity, captions, isEmergency, upgrade, limit } = state;
  const dialogRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (focusRequest > 0) (buttonRef.current ?? dialogRef.current)?.focus();
  }, [focusRequest]);

  /** Leaving for another screen through the panel: the call goes on, and focus stays where the visitor went. */
  const leave = () => onClose({ returnFocus: false });
  const indicator = status === 'connected' ? (activity ?? 'listening') : status;

  return (
    <WidgetDialog
      id={id}
      dialogRef={dialogRef}
      labelledBy={titleId}
      hidden={!open}
      className={styles.panel}
      onClose={onClose}
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {texts.panelTitle(PRACTITIONER_NAME)}
        </h2>
        <CloseButton label={texts.close} onClick={() => onClose()} />
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

        <VoiceCaptions captions={captions} />

        {/* After the captions, outside their log: the answer announced there is what the visitor hears of it. */}
        {gentleCrisisLines(state) && <CrisisLines gentle />}
        {upgrade && <UpgradePanel onLeave={leave} />}

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
                <Link to={link.to} className={styles.link} onClick={leave}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {/* The assistant's voice; the press of the start button lets it play. */}
      <audio ref={audioRef} autoPlay hidden />
    </WidgetDialog>
  );
}
