import { AudioOutlined } from '../../../shared/ui/icons/AudioOutlined';
import type { QueryAiResponse } from '@hhp/proto';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useDispatch } from 'react-redux';
import { AiAnswer } from '../../../shared/ai/AiAnswer';
import { normalizeQuery } from '@hhp/proto/query-text';
import { errorSentence } from '../../../shared/api/error-message';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { UnansweredCrisis } from '../../../shared/crisis/UnansweredCrisis';
import type { useCrisisCheck } from '../../../shared/crisis/use-crisis-check';
import { useCrisisFallback } from '../../../shared/crisis/use-crisis-fallback';
import { isLimitRefusal, limitAnswer } from '../../../shared/upgrade/limit-answer';
import { UpgradePanel } from '../../../shared/upgrade/UpgradePanel';
import { Button } from '../../../shared/ui/Button';
import { useToast } from '../../../shared/ui/toast';
import { useHydrated } from '../../../shared/ui/use-hydrated';
import { openVoice, type VoiceWidgetDispatch } from '../../../shared/voice-widget/voice-widget-slice';
import { useAnalyzeSymptomsMutation, usePerspectiveMutation } from '../api';
import { PERSPECTIVES, texts, type Perspective } from '../texts';
import styles from './symptoms.module.css';

interface Props {
  text: string;
  onChange: (text: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  crisis: ReturnType<typeof useCrisisCheck>;
}

type PerspectiveId = Perspective['id'];

/** What the analysis of one text of symptoms has shown so far. */
interface Analysis {
  symptoms: string;
  /** The first analysis; undefined while it is asked, or when it got no answer. */
  answer?: QueryAiResponse;
  /** The perspectives asked about these symptoms, each with its own answer. */
  perspectives: Partial<Record<PerspectiveId, QueryAiResponse>>;
}

/** An answer after which holistic follow-ups would be out of place: a crisis, or a medical emergency. */
const isUrgent = (answer: QueryAiResponse | undefined) => answer?.isCrisis === true || answer?.isEmergency === true;

/**
 * The free-text analysis (specification, sections 2, 5 and 8): the symptoms, which the service wraps in a
 * request for a holistic analysis, sent with the visitor's guestId (one free question); then three follow-ups,
 * each that perspective on the same analysis, shown under its own heading below it (asked once each: a second
 * press goes to the answer already shown). A perspective is part of the analysis, not counted (issue 27,
 * point 6), and the buttons say so before they are pressed. After a crisis or an emergency answer no follow-up
 * is offered. An analysis that says `crisisLines` (the symptoms may hide a crisis) shows the lines gently under it,
 * and its perspectives are offered as after any analysis. When symptoms that read as a crisis get no answer, the
 * crisis lines show instead of the error;
 * at the limit, the limit answer and the upgrade offer show (with the crisis lines), not a failure toast; any
 * other failure's toast says what the server said, not its status code.
 */
export function SymptomAnalyzer({ text, onChange, textareaRef, crisis }: Props) {
  const hydrated = useHydrated();
  const [analyzeSymptoms, analysisCall] = useAnalyzeSymptomsMutation();
  const [perspectiveOf, perspectiveCall] = usePerspectiveMutation();
  const isLoading = analysisCall.isLoading || perspectiveCall.isLoading;
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  /** What is being asked: the analysis (null) or a perspective; undefined when nothing is. */
  const [asking, setAsking] = useState<PerspectiveId | null | undefined>(undefined);
  /** The limit answer (a 429's message) when the free questions are used; the text box stays for a crisis. */
  const [limit, setLimit] = useState<string | null>(null);
  const fallback = useCrisisFallback();
  const toast = useToast();
  const dispatch = useDispatch<VoiceWidgetDispatch>();
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const helpId = `${baseId}-help`;
  const voiceNoteId = `${baseId}-voice`;
  const responseTitleId = `${baseId}-response`;
  const perspectivesNoteId = `${baseId}-perspectives-note`;
  const perspectiveHeadings = useRef<Partial<Record<PerspectiveId, HTMLHeadingElement | null>>>({});

  const analyze = async (symptoms: string) => {
    if (!symptoms || isLoading) return;
    setAsking(null);
    setLimit(null);
    setAnalysis({ symptoms, perspectives: {} });
    fallback.sent(symptoms, crisis.onSubmitted(symptoms));
    try {
      const answer = await analyzeSymptoms({ symptoms }).unwrap();
      fallback.answered();
      setAnalysis((current) => (current?.symptoms === symptoms ? { ...current, answer } : current));
      if (answer.isCrisis) {
        crisis.onVerdict(true);
        toast.error({ title: texts.crisisTitle, description: texts.crisisDescription });
      }
    } catch (error) {
      if (fallback.failed(symptoms)) return;
      if (isLimitRefusal(error)) setLimit(limitAnswer(error.data));
      else toast.error({ title: texts.analysisFailed, description: errorSentence(error) });
    } finally {
      setAsking(undefined);
    }
  };

  /** A perspective on the analysis shown: only its id and the perspective go; nothing is counted. */
  const askPerspective = async (analysisId: string, symptoms: string, perspective: Perspective) => {
    if (isLoading) return;
    setAsking(perspective.id);
    try {
      const answer = await perspectiveOf({ analysisId, perspective: perspective.id }).unwrap();
      setAnalysis((current) =>
        current?.symptoms === symptoms
          ? { ...current, perspectives: { ...current.perspectives, [perspective.id]: answer } }
          : current,
      );
    } catch (error) {
      toast.error({ title: texts.analysisFailed, description: errorSentence(error) });
    } finally {
      setAsking(undefined);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void analyze(normalizeQuery(text));
  };

  const showPerspective = (perspective: Perspective) => {
    const analysisId = analysis?.answer?.analysisId;
    if (!analysis || !analysisId) return;
    if (analysis.perspectives[perspective.id]) perspectiveHeadings.current[perspective.id]?.focus();
    else void askPerspective(analysisId, analysis.symptoms, perspective);
  };

  const answers = analysis ? [analysis.answer, ...Object.values(analysis.perspectives)] : [];
  const offerPerspectives =
    analysis?.answer?.analysisId !== undefined && !fallback.shown && limit === null && !answers.some(isUrgent);

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
          {/* The voice chat's panel (bottom right), opened with a call started: the same call as its own button's. */}
          <Button
            size="large"
            icon={<AudioOutlined aria-hidden />}
            disabled={!hydrated}
            aria-describedby={voiceNoteId}
            onClick={() => dispatch(openVoice({ start: true }))}
          >
            {texts.voice}
          </Button>
          <span id={voiceNoteId} className={styles.help}>
            {texts.voiceNote(PRACTITIONER_NAME)}
          </span>
        </div>
      </form>

      {analysis && (
        <section aria-labelledby={responseTitleId} className={styles.responseCard} aria-busy={isLoading}>
          <h3 id={responseTitleId} className={styles.responseTitle}>
            {texts.responseTitle(PRACTITIONER_NAME)}
          </h3>
          <div aria-live="polite">
            {fallback.shown && <UnansweredCrisis />}
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
                    perspectiveHeadings.current[perspective.id] = heading;
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
              aria-describedby={perspectivesNoteId}
            >
              <p id={perspectivesNoteId} className={styles.perspectivesNote}>
                {texts.perspectivesNote}
              </p>
              {PERSPECTIVES.map((perspective) => (
                <Button key={perspective.id} disabled={isLoading} onClick={() => showPerspective(perspective)}>
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

function Analyzing() {
  return (
    <p role="status" className={styles.analyzing}>
      <span className={styles.spinner} aria-hidden />
      {texts.analyzing}
    </p>
  );
}
