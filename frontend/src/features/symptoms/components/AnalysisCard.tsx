import type { QueryAiResponse } from '@hhp/proto';
import { useId, type RefObject } from 'react';
import { AiAnswer } from '../../../shared/ai/AiAnswer';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { UnansweredCrisis } from '../../../shared/crisis/UnansweredCrisis';
import { UpgradePanel } from '../../../shared/upgrade/UpgradePanel';
import { Button } from '../../../shared/ui/Button';
import { PERSPECTIVES, texts, type Perspective } from '../texts';
import styles from './symptoms.module.css';

export type PerspectiveId = Perspective['id'];

/** What the analysis of one text of symptoms has shown so far. */
export interface Analysis {
  symptoms: string;
  /** The first analysis; undefined while it is asked, or when it got no answer. */
  answer?: QueryAiResponse;
  /** The perspectives asked about these symptoms, each with its own answer. */
  perspectives: Partial<Record<PerspectiveId, QueryAiResponse>>;
}

interface Props {
  analysis: Analysis;
  /** What is being asked: the analysis (null) or a perspective; undefined when nothing is. */
  asking: PerspectiveId | null | undefined;
  busy: boolean;
  /** Symptoms that read as a crisis got no answer: the crisis lines instead. */
  unanswered: boolean;
  /** The limit answer when the free questions are used. */
  limit: string | null;
  /** Whether the three follow-ups are offered (not after a crisis, an emergency, the limit or no answer). */
  offerPerspectives: boolean;
  onPerspective: (perspective: Perspective) => void;
  /** Each perspective's heading, focused when its button is pressed again. */
  headings: RefObject<Partial<Record<PerspectiveId, HTMLHeadingElement | null>>>;
}

/** "Dr. …'s Analysis": the analysis, the limit or the crisis lines, each perspective asked, and the follow-ups. */
export function AnalysisCard({
  analysis,
  asking,
  busy,
  unanswered,
  limit,
  offerPerspectives,
  onPerspective,
  headings,
}: Props) {
  const baseId = useId();
  const titleId = `${baseId}-response`;
  const noteId = `${baseId}-perspectives-note`;
  return (
    <section aria-labelledby={titleId} className={styles.responseCard} aria-busy={busy}>
      <h3 id={titleId} className={styles.responseTitle}>
        {texts.responseTitle(PRACTITIONER_NAME)}
      </h3>
      <div aria-live="polite">
        {unanswered && <UnansweredCrisis />}
        {limit !== null && asking === undefined && (
          <>
            <p className={styles.limitAnswer}>{limit}</p>
            <UpgradePanel onLeave={() => undefined} />
          </>
        )}
        {asking === null ? <Analyzing /> : analysis.answer && <AiAnswer answer={analysis.answer} />}
      </div>
      {PERSPECTIVES.filter((p) => analysis.perspectives[p.id] || asking === p.id).map((perspective) => {
        const answer = analysis.perspectives[perspective.id];
        const headingId = `${baseId}-${perspective.id}`;
        return (
          <section key={perspective.id} aria-labelledby={headingId} className={styles.perspectiveAnswer}>
            <h4
              id={headingId}
              ref={(heading) => {
                headings.current[perspective.id] = heading;
              }}
              tabIndex={-1}
              className={styles.perspectiveTitle}
            >
              {perspective.label}
            </h4>
            <div aria-live="polite">{answer ? <AiAnswer answer={answer} /> : <Analyzing />}</div>
          </section>
        );
      })}
      {offerPerspectives && (
        <div
          className={styles.perspectives}
          role="group"
          aria-label={texts.perspectivesLabel}
          aria-describedby={noteId}
        >
          <p id={noteId} className={styles.perspectivesNote}>
            {texts.perspectivesNote}
          </p>
          {PERSPECTIVES.map((perspective) => (
            <Button key={perspective.id} disabled={busy} onClick={() => onPerspective(perspective)}>
              {perspective.label}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}

function Analyzing() {
  return (
    <p role="status" className={styles.analyzing}>
      <span className={styles.spinner} aria-hidden />
      {texts.analyzing}
    </p>
  );
}
