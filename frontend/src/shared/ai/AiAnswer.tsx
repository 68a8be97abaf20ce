import type { QueryAiResponse } from '@hhp/proto';
import { CrisisLines } from '../crisis/CrisisLines';
import { offersCrisisLines } from '../crisis/offered-lines';
import { Link } from '../router/links';
import { EmergencyCallLink } from './EmergencyCallLink';
import { texts } from './texts';
import styles from './ai.module.css';

/** What of an answer is shown: the fields of /api/query-ai's answer that say how. */
export type ShownAnswer = Pick<QueryAiResponse, 'response' | 'sources'> &
  Partial<Pick<QueryAiResponse, 'isCrisis' | 'isEmergency' | 'crisisLines'>>;

/**
 * An answer from /api/query-ai: its paragraphs (blank-line separated) and the portal pages it drew on; for
 * a medical emergency, the emergency number first, as a link a phone can call. When the answer says
 * `crisisLines` (the message may hide a crisis), the 988 and 741741 lines follow it, gently, as in the chat.
 */
export function AiAnswer({ answer }: { answer: ShownAnswer }) {
  const { response, sources, isEmergency = false } = answer;
  const paragraphs = response.split(/\n{2,}/).filter((paragraph) => paragraph.trim());
  return (
    <div className={styles.answer}>
      {isEmergency && <EmergencyCallLink />}
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={styles.paragraph}>
          {paragraph}
        </p>
      ))}
      {offersCrisisLines(answer) && <CrisisLines gentle />}
      {sources && sources.length > 0 && (
        <div className={styles.sources}>
          <span className={styles.sourcesLabel}>{texts.sourcesLabel}</span>
          <ul className={styles.sourceList}>
            {sources.map((source) => (
              <li key={`${source.path}-${source.title}`}>
                <Link to={source.path}>{source.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
