import type { Source } from '@hhp/proto';
import { Link } from '../router/links';
import { EmergencyCallLink } from './EmergencyCallLink';
import { texts } from './texts';
import styles from './ai.module.css';

/**
 * An answer from /api/query-ai: its paragraphs (blank-line separated) and the portal pages it drew on; for
 * a medical emergency, the emergency number first, as a link a phone can call.
 */
export function AiAnswer({
  response,
  sources,
  isEmergency = false,
}: {
  response: string;
  sources?: Source[];
  isEmergency?: boolean | undefined;
}) {
  const paragraphs = response.split(/\n{2,}/).filter((paragraph) => paragraph.trim());
  return (
    <div className={styles.answer}>
      {isEmergency && <EmergencyCallLink />}
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={styles.paragraph}>
          {paragraph}
        </p>
      ))}
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
