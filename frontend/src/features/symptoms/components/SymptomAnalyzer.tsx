import type { QueryAiResponse } from '@hhp/proto';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useDispatch } from 'react-redux';
import { normalizeQuery } from '@hhp/proto/query-text';
import { errorSentence } from '../../../shared/api/error-message';
import type { useCrisisCheck } from '../../../shared/crisis/use-crisis-check';
import { useCrisisFallback } from '../../../shared/crisis/use-crisis-fallback';
import { isLimitRefusal, limitAnswer } from '../../../shared/upgrade/limit-answer';
import { useToast } from '../../../shared/ui/toast';
import { useHydrated } from '../../../shared/ui/use-hydrated';
import { openVoice, type VoiceWidgetDispatch } from '../../../shared/voice-widget/voice-widget-slice';
import { useAnalyzeSymptomsMutation, usePerspectiveMutation } from '../api';
import { AnalysisCard, type Analysis, type PerspectiveId } from './AnalysisCard';
import { SymptomsForm } from './SymptomsForm';
import { texts, type Perspective } from '../texts';
import styles from './symptoms.module.css';

interface Props {
  text: string;
  onChange: (text: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  crisis: ReturnType<typeof useCrisisCheck>;
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
      <SymptomsForm
        text={text}
        onChange={onChange}
        textareaRef={textareaRef}
        enabled={hydrated}
        canSubmit={Boolean(normalizeQuery(text)) && !isLoading}
        onSubmit={onSubmit}
        onVoice={() => dispatch(openVoice({ start: true }))}
      />

      {analysis && (
        <AnalysisCard
          analysis={analysis}
          asking={asking}
          busy={isLoading}
          unanswered={fallback.shown}
          limit={limit}
          offerPerspectives={offerPerspectives}
          onPerspective={showPerspective}
          headings={perspectiveHeadings}
        />
      )}
    </section>
  );
}
