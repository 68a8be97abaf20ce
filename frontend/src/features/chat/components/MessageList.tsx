import { useEffect, useRef } from 'react';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import type { ChatMessage } from '../chat-store';
import { texts } from '../texts';
import { MessageBubble } from './MessageBubble';
import styles from './chat.module.css';

/** Space kept above an answer scrolled to its start, in px (the list's own padding). */
const ANSWER_MARGIN = 16;

/**
 * The conversation, kept scrolled to the newest message on every change: to its end, except that an
 * answer taller than the list stays at its start, where the crisis lines or the emergency number are and
 * where reading begins (a long answer streaming in is followed until its first line reaches the top).
 */
export function MessageList({ messages, pending }: { messages: readonly ChatMessage[]; pending: boolean }) {
  const listRef = useRef<HTMLDivElement>(null);
  const visible = messages.filter((m) => m.content !== '');
  const typing = pending && !messages.some((m) => m.streaming && m.content !== '');

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const bottom = list.scrollHeight - list.clientHeight;
    const newest = list.querySelector<HTMLElement>('li[data-role]:last-child');
    if (typing || newest?.dataset.role !== 'assistant') {
      list.scrollTop = bottom;
      return;
    }
    const start = newest.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    list.scrollTop = Math.min(bottom, start - ANSWER_MARGIN);
  }, [messages, pending, typing]);

  return (
    // Focusable so that keyboard users can scroll it; its words are announced by the panel's live region.
    <div ref={listRef} className={styles.messages} role="region" aria-label={texts.conversation} tabIndex={0}>
      <ol className={styles.list}>
        {visible.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </ol>
      {typing && (
        <div className={styles.typing} data-testid="chat-typing">
          <span className={styles.srOnly}>{texts.typing(PRACTITIONER_NAME)}</span>
          <span className={styles.typingDot} aria-hidden="true" />
          <span className={styles.typingDot} aria-hidden="true" />
          <span className={styles.typingDot} aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
