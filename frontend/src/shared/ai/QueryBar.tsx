import { SendOutlined } from '../ui/icons/SendOutlined';
import type { QueryAiResponse } from '@hhp/proto';
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorSentence } from '../api/error-message';
import { PRACTITIONER_NAME } from '../config/practitioner';
import { CrisisLines } from '../crisis/CrisisLines';
import { UnansweredCrisis } from '../crisis/UnansweredCrisis';
import { useCrisisCheck } from '../crisis/use-crisis-check';
import { useCrisisFallback } from '../crisis/use-crisis-fallback';
import { AiAnswer } from './AiAnswer';
import { useQueryAiMutation } from './api';
import { normalizeQuery } from '@hhp/proto/query-text';
import { texts } from './texts';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/TextInput';
import { useToast } from '../ui/toast';
import { isLimitRefusal, limitAnswer } from '../upgrade/limit-answer';
import { useFittingPlaceholder } from '../ui/use-fitting-placeholder';
import { useHydrated } from '../ui/use-hydrated';
import styles from './ai.module.css';

interface Props {
  /** The page's own placeholder (the condition pages and booking quote theirs). */
  placeholder?: string;
  /** In its place when the field is too narrow to show it whole (a phone). */
  shortPlaceholder?: string;
  label?: string;
}

/**
 * The query bar (specification, sections 2, 4, 5 and 8): one question to the AI, the trimmed text sent
 * with the visitor's guestId, the answer shown below it. Pages show it together with the crisis banner.
 * Text of only invisible characters is blank. A message that reads as a crisis and gets no answer shows
 * the crisis lines instead of the error. Once the free questions are used, the limit answer shows with the
 * crisis lines, and the field stays: a crisis is still answered there, uncounted. An answer that says
 * `crisisLines` (the message may hide a crisis) shows the lines gently under it (AiAnswer).
 */
export function QueryBar({
  placeholder = texts.placeholder,
  shortPlaceholder = texts.shortPlaceholder,
  label = texts.label(PRACTITIONER_NAME),
}: Props) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const shownPlaceholder = useFittingPlaceholder(inputRef, placeholder, shortPlaceholder);
  const [answer, setAnswer] = useState<QueryAiResponse | null>(null);
  /** The limit answer (a 429's message) once the free questions are used. */
  const [limit, setLimit] = useState<string | null>(null);
  const [queryAi, { isLoading }] = useQueryAiMutation();
  const crisis = useCrisisCheck();
  const fallback = useCrisisFallback();
  const toast = useToast();
  const inputId = useId();
  const blank = !normalizeQuery(text);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = normalizeQuery(text);
    if (!query || isLoading) return;
    fallback.sent(query, crisis.onSubmitted(query));
    setLimit(null);
    try {
      const result = await queryAi({ query }).unwrap();
      fallback.answered();
      crisis.onVerdict(result.isCrisis);
      setAnswer(result);
      setText('');
      // A crisis answer has its own handling (specification, section 8): the banner, raised and focused,
      // says what matters; a cheerful "Response received" would sit over its close button.
      if (!result.isCrisis) {
        toast.success({
          title: texts.receivedTitle,
          description: texts.receivedDescription(PRACTITIONER_NAME),
        });
      }
    } catch (error) {
      if (fallback.failed(query)) setAnswer(null);
      else if (isLimitRefusal(error)) {
        setAnswer(null);
        setLimit(limitAnswer(error.data));
      } else toast.error({ title: texts.failedTitle, description: errorSentence(error) });
    }
  };

  const hydrated = useHydrated();
  return (
    <div className={styles.queryBar}>
      <form className={styles.form} onSubmit={onSubmit}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        <div className={styles.row}>
          <TextInput
            id={inputId}
            ref={inputRef}
            name="query"
            size="large"
            autoComplete="off"
            placeholder={shownPlaceholder}
            value={text}
            disabled={!hydrated}
            onChange={(event) => {
              setText(event.target.value);
              crisis.onTyped(event.target.value);
            }}
          />
          <Button
            variant="primary"
            type="submit"
            size="large"
            icon={<SendOutlined aria-hidden />}
            loading={isLoading}
            disabled={blank || isLoading}
          >
            {isLoading ? texts.pending : texts.submit}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {fallback.shown && <UnansweredCrisis />}
        {limit !== null && (
          <section className={styles.answerCard} aria-label={texts.answerTitle(PRACTITIONER_NAME)}>
            <p className={styles.answerTitle}>{texts.answerTitle(PRACTITIONER_NAME)}</p>
            <p>{limit}</p>
            <CrisisLines />
          </section>
        )}
        {answer && (
          <section className={styles.answerCard} aria-label={texts.answerTitle(PRACTITIONER_NAME)}>
            <p className={styles.answerTitle}>{texts.answerTitle(PRACTITIONER_NAME)}</p>
            <AiAnswer answer={answer} />
          </section>
        )}
      </div>
    </div>
  );
}
