import { Link } from '../../../shared/router/links';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import type { ChatMessage } from '../chat-store';
import { texts } from '../texts';
import { EmergencyCallLink } from '../../../shared/ai/EmergencyCallLink';
import { CrisisLines } from '../../../shared/crisis/CrisisLines';
import styles from './chat.module.css';

export function MessageBubble({ message }: { message: ChatMessage }) {
  const { role, content, sources, isCrisis, isEmergency, crisisLines } = message;
  const urgent = isCrisis || isEmergency;
  const className = [styles.message, role === 'user' ? styles.user : styles.assistant, urgent && styles.crisis]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={className} data-role={role}>
      <span className={styles.srOnly}>{role === 'user' ? texts.you : texts.panelTitle(PRACTITIONER_NAME)}: </span>
      {isCrisis && <CrisisLines />}
      {isEmergency && (
        <div className={styles.crisisLines}>
          <EmergencyCallLink />
        </div>
      )}
      <p className={styles.text}>{content}</p>
      {crisisLines && !isCrisis && <CrisisLines gentle />}
      {sources && sources.length > 0 && (
        <div className={styles.sources}>
          <p className={styles.sourcesHeading}>{texts.sourcesHeading}</p>
          <ul className={styles.sourceList}>
            {sources.map((source, index) => (
              <li key={`${source.path}-${index}`}>
                <Link to={source.path}>{source.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
