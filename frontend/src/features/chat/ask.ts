// One question from the chat widget, start to finish (specification, sections 4 and 8): the visitor's
// message goes in, the answer streams into the conversation, and the counters follow. A 429 adds its limit
// answer and shows the upgrade panel above the input, which stays (a crisis can still be written there, and
// is answered uncounted); any other failure adds the apology. A message that reads as a crisis is
// never left with only an error: whatever went wrong, the crisis lines are added instead. A crisis answer also
// raises the page's crisis banner (specification, section 4: "shown ... when the query-ai ... response has
// isCrisis true"), as the query bar and the voice panel do.
import type { AiDispatch } from '../../shared/ai/api';
import { guestId } from '../../shared/ai/guest-id';
import { normalizeQuery } from '@hhp/proto/query-text';
import { PRACTITIONER_NAME } from '../../shared/config/practitioner';
import { CRISIS_ANSWER_WAIT_MS, looksLikeCrisis } from '../../shared/crisis/local-check';
import { crisisRaised } from '../../shared/crisis/crisis-slice';
import { texts as crisisTexts } from '../../shared/crisis/texts';
import { askAiStream } from '../../shared/ai/stream-api';
import { chatStore } from './chat-store';
import { limitAnswer } from '../../shared/upgrade/limit-answer';
import { texts } from './texts';

/**
 * How long any other message waits for its answer to begin. The service begins (the counters and the flags)
 * before it asks the model, within a few seconds even when the model is slow; a service that has not begun by
 * then is not answering (stopped, or a stall), and "is typing" would no longer be true: the visitor is told so.
 */
const ANSWER_START_WAIT_MS = 15_000;

/** The crisis lines in place of an answer that did not come, and read out. */
function addUnansweredCrisis(): void {
  chatStore.add({ id: chatStore.newId(), role: 'assistant', content: crisisTexts.unanswered, isCrisis: true });
  const { heading, call, callLabel, text, unanswered } = crisisTexts;
  chatStore.announce(texts.answered(PRACTITIONER_NAME, `${heading}. ${call}: ${callLabel}. ${text}. ${unanswered}`));
}

/**
 * Sends `question` (normalised and trimmed; blank or while another is pending, nothing happens). `signal`
 * ends the answer early (the panel closed). The counters are RTK Query's: the stream client puts the
 * answer's (or the 429's) there, and has them read again when a counted answer fails.
 */
export async function ask(question: string, signal: AbortSignal, dispatch: AiDispatch): Promise<void> {
  const query = normalizeQuery(question);
  if (!query || chatStore.get().pending) return;
  // The browser's keyword check, or the service's verdict once the answer has begun.
  let crisis = looksLikeCrisis(query);

  chatStore.add({ id: chatStore.newId(), role: 'user', content: query });
  chatStore.setPending(true);
  chatStore.announce(texts.typing(PRACTITIONER_NAME));
  const answerId = chatStore.newId();
  let started = false;
  // A message whose answer has not begun in time is given up: a crisis message sooner, and the crisis lines
  // are shown; any other has the apology.
  const call = new AbortController();
  const stop = () => call.abort();
  signal.addEventListener('abort', stop);
  const deadline = setTimeout(stop, crisis ? CRISIS_ANSWER_WAIT_MS : ANSWER_START_WAIT_MS);

  try {
    const { data: answer, error } = await dispatch(
      askAiStream(
        { query, userId: null, sessionId: null, guestId: guestId() },
        {
          meta({ isCrisis, isEmergency = false, crisisLines }) {
            clearTimeout(deadline);
            crisis ||= isCrisis;
            if (isCrisis) dispatch(crisisRaised('server'));
            chatStore.add({
              id: answerId,
              role: 'assistant',
              content: '',
              isCrisis,
              isEmergency,
              ...(crisisLines ? { crisisLines: true } : {}),
              streaming: true,
            });
            started = true;
          },
          delta(text) {
            if (started) chatStore.appendText(answerId, text);
          },
        },
        call.signal,
      ),
    );
    if (answer) {
      chatStore.finish(answerId, answer.response, answer.sources);
      chatStore.announce(texts.answered(PRACTITIONER_NAME, answer.response));
      return;
    }
    if (started) chatStore.remove(answerId);
    // The free questions are used up (the 429's counters are already in the quota's cache); a subscriber
    // is never shown the upgrade panel.
    const refused = !signal.aborted && error.status === 429;
    const limited = refused && !isSubscriberRefusal(error.data);
    // Whatever went wrong, a message that reads as a crisis is answered with the crisis lines.
    if (crisis) {
      if (limited) chatStore.setLimitReached(true);
      addUnansweredCrisis();
      dispatch(crisisRaised('unanswered'));
    } else if (limited) {
      const answer = limitAnswer(error.data);
      chatStore.refused(answer);
      chatStore.announce(texts.answered(PRACTITIONER_NAME, `${answer} ${texts.limitTitle}. ${texts.limitSubtext}`));
    } else if (refused) {
      // A subscriber refused (their subscription could not be confirmed): the 429's words, with no upgrade panel.
      const answer = limitAnswer(error.data);
      chatStore.add({ id: chatStore.newId(), role: 'assistant', content: answer });
      chatStore.announce(texts.answered(PRACTITIONER_NAME, answer));
    } else if (signal.aborted) {
      chatStore.add({ id: chatStore.newId(), role: 'assistant', content: texts.interrupted });
    } else {
      chatStore.add({ id: chatStore.newId(), role: 'assistant', content: texts.apology });
      chatStore.announce(texts.answered(PRACTITIONER_NAME, texts.apology));
    }
  } finally {
    clearTimeout(deadline);
    signal.removeEventListener('abort', stop);
    chatStore.setPending(false);
  }
}

/** A 429 whose counters say the visitor is a subscriber. */
function isSubscriberRefusal(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'isSubscriber' in body && body.isSubscriber === true;
}
