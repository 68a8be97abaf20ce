import { useEffect, useId, useRef } from 'react';
import { useDispatch } from 'react-redux';
import type { AiDispatch } from '../../../shared/ai/api';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { UpgradePanel } from '../../../shared/upgrade/UpgradePanel';
import { ask } from '../ask';
import { chatStore } from '../chat-store';
import { useChatState, useCounters } from '../hooks/use-chat';
import { texts } from '../texts';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { CloseButton } from '../../../shared/ui/CloseButton';
import { WidgetDialog } from '../../../shared/ui/WidgetDialog';
import styles from './chat.module.css';

interface ChatPanelProps {
  id: string;
  /** `returnFocus: false` when the visitor leaves for another screen through one of the panel's links. */
  onClose: (options?: { returnFocus?: boolean }) => void;
  /** Changes on every press of the launcher: focus moves into the panel. */
  focusRequest: number;
}

/** The open chat (specification, sections 2, 4 and 8): a non-modal dialog beside the launcher. */
export function ChatPanel({ id, onClose, focusRequest }: ChatPanelProps) {
  const titleId = useId();
  const { messages, pending, limitReached, announcement } = useChatState();
  const counters = useCounters();
  const dispatch = useDispatch<AiDispatch>();
  const dialogRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const answer = useRef<AbortController | null>(null);

  // The upgrade panel (with the crisis lines) shows above the input after a 429, unless the counters have
  // since said otherwise (a subscription, a new day). It steps aside while the newest answer is a crisis answer:
  // on a phone it would leave that answer a few lines of the panel, and the answer carries the lines itself.
  // A session pass holder is as unlimited as a subscriber while the pass holds.
  const unlimited = counters?.isSubscriber === true || counters?.sessionPass !== undefined;
  const crisisAnswered = messages.at(-1)?.isCrisis === true;
  const showUpgrade = limitReached && !unlimited && !crisisAnswered && (counters === undefined || counters.left === 0);

  // The first open of an empty conversation starts with the welcome message (specification, section 4).
  useEffect(() => chatStore.welcome(texts.welcome(PRACTITIONER_NAME)), []);

  useEffect(() => {
    (inputRef.current ?? dialogRef.current)?.focus();
  }, [focusRequest]);

  // Closing the panel ends an answer still arriving (the service then gives the question back).
  useEffect(
    () => () => {
      answer.current?.abort();
      chatStore.announce('');
    },
    [],
  );

  // The input is disabled while an answer is pending, and a disabled element loses focus to the page: the
  // panel holds it meanwhile (Escape still closes the chat), and the input takes it back once the answer is in.
  const wasPending = useRef(pending);
  useEffect(() => {
    // Only focus the panel itself held: a visitor who has moved on elsewhere keeps their place.
    if (wasPending.current && !pending && document.activeElement === dialogRef.current) inputRef.current?.focus();
    wasPending.current = pending;
  }, [pending]);

  const send = (question: string) => {
    if (document.activeElement === inputRef.current) dialogRef.current?.focus();
    const controller = new AbortController();
    answer.current = controller;
    void ask(question, controller.signal, dispatch);
  };

  return (
    <WidgetDialog id={id} dialogRef={dialogRef} labelledBy={titleId} className={styles.panel} onClose={onClose}>
      <header className={styles.header}>
        <div>
          <h2 id={titleId} className={styles.title}>
            {texts.panelTitle(PRACTITIONER_NAME)}
          </h2>
          {counters && (
            <p className={styles.headerCounter}>
              {counters.minutesLeft !== undefined
                ? texts.sessionMinutesLeft(counters.minutesLeft)
                : counters.isSubscriber
                  ? texts.unlimited
                  : texts.questionsLeft(counters.left, counters.queriesAllowed)}
            </p>
          )}
        </div>
        <CloseButton label={texts.close} onClick={() => onClose()} />
      </header>

      <MessageList messages={messages} pending={pending} />

      {/* Only the newest message is read out, not the whole conversation again. */}
      <p className={styles.srOnly} aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      {/* The input is never taken away: a crisis can still be written, and is answered uncounted. */}
      {showUpgrade && <UpgradePanel onLeave={() => onClose({ returnFocus: false })} />}
      <Composer inputRef={inputRef} pending={pending} onSend={send} />

      {counters && !unlimited && (
        <footer className={styles.footer}>{texts.usedToday(counters.queriesUsed, counters.queriesAllowed)}</footer>
      )}
    </WidgetDialog>
  );
}
