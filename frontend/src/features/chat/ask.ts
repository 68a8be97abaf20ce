// One question from the chat widget, start to finish (specification, sections 4 and 8): the visitor's
// message goes in, the answer streams into the conversation, and the counters follow. A 429 turns the
// input into the upgrade panel; any other failure adds the apology.
import { guestId } from '../../shared/ai/guest-id';
import { PRACTITIONER_NAME } from '../../shared/config/practitioner';
import { chatStore } from './chat-store';
import { StreamError, streamAnswer } from './stream';
import { texts } from './texts';
import type { Quota } from '@hhp/proto';

function isQuota(body: unknown): body is Quota {
  return (
    typeof body === 'object' &&
    body !== null &&
    'queriesUsed' in body &&
    typeof body.queriesUsed === 'number' &&
    'queriesAllowed' in body &&
    typeof body.queriesAllowed === 'number' &&
    'isSubscriber' in body &&
    typeof body.isSubscriber === 'boolean'
  );
}

/**
 * Sends `question` (trimmed; blank or while another is pending, nothing happens). `signal` ends the
 * answer early (the panel closed); `refreshQuota` re-reads the counters when an answer that had
 * counted a question failed, because the service gives the question back.
 */
export async function ask(question: string, signal: AbortSignal, refreshQuota: () => void): Promise<void> {
  const query = question.trim();
  if (!query || chatStore.get().pending) return;

  chatStore.add({ id: chatStore.newId(), role: 'user', content: query });
  chatStore.setPending(true);
  chatStore.announce(texts.typing(PRACTITIONER_NAME));
  const answerId = chatStore.newId();
  let started = false;

  try {
    await streamAnswer(
      { query, userId: null, sessionId: null, guestId: guestId() },
      {
        meta({ isCrisis, isEmergency = false, ...quota }) {
          chatStore.setQuota(quota);
          chatStore.add({ id: answerId, role: 'assistant', content: '', isCrisis, isEmergency, streaming: true });
          started = true;
        },
        delta(text) {
          if (started) chatStore.appendText(answerId, text);
        },
        done({ response, sources }) {
          chatStore.finish(answerId, response, sources);
          chatStore.announce(texts.answered(PRACTITIONER_NAME, response));
        },
      },
      signal,
    );
  } catch (err) {
    if (started) {
      chatStore.remove(answerId);
      refreshQuota();
    }
    if (signal.aborted) {
      chatStore.add({ id: chatStore.newId(), role: 'assistant', content: texts.interrupted });
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    if (message.includes('429')) {
      const body = err instanceof StreamError ? err.body : undefined;
      if (isQuota(body)) chatStore.setQuota(body);
      if (!isQuota(body) || !body.isSubscriber) {
        chatStore.setLimitReached(true);
        chatStore.announce(`${texts.limitTitle}. ${texts.limitSubtext}`);
      }
      return;
    }
    chatStore.add({ id: chatStore.newId(), role: 'assistant', content: texts.apology });
    chatStore.announce(texts.answered(PRACTITIONER_NAME, texts.apology));
  } finally {
    chatStore.setPending(false);
  }
}
