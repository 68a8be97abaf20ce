import { useId, useState, type FormEvent, type RefObject } from 'react';
import { normalizeQuery } from '@hhp/proto/query-text';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { texts } from '../texts';
import styles from './chat.module.css';

// The service's limit (proto's MAX_QUERY_LENGTH); proto's schema modules carry zod, so not imported here.
const MAX_QUESTION_LENGTH = 4000;

interface ComposerProps {
  inputRef: RefObject<HTMLInputElement | null>;
  pending: boolean;
  onSend: (question: string) => void;
}

/**
 * The question input: blank text (whitespace or invisible characters only) is not sent; while an answer is
 * pending the input and Send are disabled (specification, section 4); what is sent is the normalised,
 * trimmed text. The panel holds keyboard focus while the input is disabled (ChatPanel), so Escape still
 * closes the chat. Send stays focusable while the text is blank (aria-disabled), so it can be found.
 */
export function Composer({ inputRef, pending, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const inputId = useId();
  const question = normalizeQuery(text);
  const blank = question === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || pending) return;
    onSend(question);
    setText('');
  };

  return (
    <form className={styles.composer} onSubmit={submit}>
      <label htmlFor={inputId} className={styles.srOnly}>
        {texts.inputLabel(PRACTITIONER_NAME)}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        className={styles.input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={texts.placeholder}
        maxLength={MAX_QUESTION_LENGTH}
        autoComplete="off"
        disabled={pending}
      />
      <button type="submit" className={styles.send} disabled={pending} aria-disabled={(!pending && blank) || undefined}>
        {texts.send}
      </button>
    </form>
  );
}
