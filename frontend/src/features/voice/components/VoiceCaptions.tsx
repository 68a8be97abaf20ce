import { useEffect, useId, useRef } from 'react';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { texts } from '../texts';
import type { Caption } from '../voice-machine';
import styles from './voice.module.css';

/** What was said in the call, both sides, as a live log: the newest words in view as they come. */
export function VoiceCaptions({ captions }: { captions: readonly Caption[] }) {
  const headingId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [captions]);

  return (
    <>
      <h3 id={headingId} className={styles.srOnly}>
        {texts.captions}
      </h3>
      <div
        ref={logRef}
        className={styles.captions}
        role="log"
        aria-labelledby={headingId}
        aria-live="polite"
        aria-busy={captions.some((line) => !line.final)}
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
    </>
  );
}
