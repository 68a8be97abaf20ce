import { AudioOutlined } from '@ant-design/icons';
import type { QueryAiResponse } from '@hhp/proto';
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { AiAnswer } from '../../../shared/ai/AiAnswer';
import { useQueryAiMutation } from '../../../shared/ai/api';
import { normalizeQuery } from '../../../shared/ai/query-text';
import { errorMessage } from '../../../shared/api/error-message';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { UnansweredCrisis } from '../../../shared/crisis/UnansweredCrisis';
import type { useCrisisCheck } from '../../../shared/crisis/use-crisis-check';
import { useCrisisFallback } from '../../../shared/crisis/use-crisis-fallback';
import { Button } from '../../../shared/ui/Button';
import { useToast } from '../../../shared/ui/toast';
import { useHydrated } from '../../../shared/ui/use-hydrated';
import { PERSPECTIVES, texts, type Perspective } from '../texts';
import styles from './symptoms.module.css';

interface Props {
  text: string;
  onChange: (text: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  crisis: ReturnType<typeof useCrisisCheck>;
}

interface Shown {
  /** The perspective asked for, or null for the first analysis. */
  perspective: Perspective | null;
  answer: QueryAiResponse;
}

/**
 * The free-text analysis (specification, sections 2, 5 and 8): the symptoms wrapped in a request for a
 * holistic analysis, sent with the visitor's guestId; then three follow-ups about the same symptoms. When
 * symptoms that read as a crisis get no answer, the crisis lines show instead of the error.
 */
export function SymptomAnalyzer({ text, onChange, textareaRef, crisis }: Props) {
  const hydrated = useHydrated();
  const [queryAi, { isLoading }] = useQueryAiMutation();
  const [analyzed, setAnalyzed] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [asked, setAsked] = useState(false);
  const fallback = useCrisisFallback();
  const toast = useToast();
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const helpId = `${baseId}-help`;
  const voiceNoteId = `${baseId}-voice`;
  const responseTitleId = `${baseId}-response`;

  const ask = async (symptoms: string, perspective: Perspective | null) => {
    if (!symptoms || isLoading) return;
    setAsked(true);
    fallback.sent(symptoms, crisis.onSubmitted(symptoms));
    const query = perspective ? perspective.request(symptoms) : texts.analysisRequest(symptoms);
    try {
      const answer = await queryAi({ query }).unwrap();
      fallback.answered();
      setShown({ perspective, answer });
      if (answer.isCrisis) {
        crisis.onVerdict(true);
        toast.error({ title: texts.crisisTitle, description: texts.crisisDescription });
      }
    } catch (error) {
      if (fallback.failed(symptoms)) setShown(null);
      else toast.error({ title: texts.analysisFailed, description: errorMessage(error) });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const symptoms = normalizeQuery(text);
    setAnalyzed(symptoms);
    void ask(symptoms, null);
  };

  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {texts.analyzerTitle}
      </h2>
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
          disabled={!hydrated}
          onChange={(event) => onChange(event.target.value)}
        />
        <div className={styles.analyzerActions}>
          <Button variant="primary" size="large" type="submit" disabled={!normalizeQuery(text) || isLoading}>
            {texts.analyze}
          </Button>
          {/* Voice chat is not built yet: say so instead of offering a button that does nothing. */}
          <Button size="large" icon={<AudioOutlined aria-hidden />} disabled aria-describedby={voiceNoteId}>
            {texts.voice}
          </Button>
          <span id={voiceNoteId} className={styles.help}>
            {texts.voiceNote}
          </span>
        </div>
      </form>

      {asked && (
        <section aria-labelledby={responseTitleId} className={styles.responseCard} aria-busy={isLoading}>
          <h3 id={responseTitleId} className={styles.responseTitle}>
            {texts.responseTitle(PRACTITIONER_NAME)}
            {shown?.perspective && !isLoading ? `: ${shown.perspective.label}` : ''}
          </h3>
          <div aria-live="polite">
            {fallback.shown && <UnansweredCrisis />}
            {isLoading ? (
              <p role="status" className={styles.analyzing}>
                <span className={styles.spinner} aria-hidden />
                {texts.analyzing}
              </p>
            ) : (
              shown && (
                <AiAnswer
                  response={shown.answer.response}
                  sources={shown.answer.sources}
                  isEmergency={shown.answer.isEmergency}
                />
              )
            )}
          </div>
          {shown && (
            <div className={styles.perspectives} role="group" aria-label={texts.perspectivesLabel}>
              {PERSPECTIVES.map((perspective) => (
                <Button
                  key={perspective.id}
                  disabled={isLoading || !analyzed}
                  aria-pressed={shown.perspective?.id === perspective.id}
                  onClick={() => void ask(analyzed, perspective)}
                >
                  {perspective.label}
                </Button>
              ))}
            </div>
          )}
        </section>
      )}
    </section>
  );
}
