import { useId, type FormEvent, type RefObject } from 'react';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { Button } from '../../../shared/ui/Button';
import { AudioOutlined } from '../../../shared/ui/icons/AudioOutlined';
import { texts } from '../texts';
import styles from './symptoms.module.css';

interface Props {
  text: string;
  onChange: (text: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** False until React owns the page: the prerendered form cannot be used yet. */
  enabled: boolean;
  canSubmit: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Opens the voice chat's panel with a call started. */
  onVoice: () => void;
}

/** The symptoms' text box, "Analyze" and the voice button. */
export function SymptomsForm({ text, onChange, textareaRef, enabled, canSubmit, onSubmit, onVoice }: Props) {
  const baseId = useId();
  const helpId = `${baseId}-help`;
  const voiceNoteId = `${baseId}-voice`;
  return (
    <form className={styles.analyzer} onSubmit={onSubmit}>
      <label htmlFor={`${baseId}-text`} className={styles.label}>
        {texts.textareaLabel}
      </label>
      <p id={helpId} className={styles.help}>
        {texts.textareaHelp}
      </p>
      <textarea
        ref={textareaRef}
        id={`${baseId}-text`}
        name="symptoms"
        rows={6}
        className={styles.textarea}
        placeholder={texts.placeholder}
        aria-describedby={helpId}
        value={text}
        disabled={!enabled}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className={styles.analyzerActions}>
        <Button variant="primary" size="large" type="submit" disabled={!canSubmit}>
          {texts.analyze}
        </Button>
        {/* The voice chat's panel (bottom right), opened with a call started: the same call as its own button's. */}
        <Button
          size="large"
          icon={<AudioOutlined aria-hidden />}
          disabled={!enabled}
          aria-describedby={voiceNoteId}
          onClick={onVoice}
        >
          {texts.voice}
        </Button>
        <span id={voiceNoteId} className={styles.help}>
          {texts.voiceNote(PRACTITIONER_NAME)}
        </span>
      </div>
    </form>
  );
}
