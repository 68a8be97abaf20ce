import { chatStore } from '../../src/features/chat/chat-store';
import { isLimitRefusal, limitAnswer } from '../../src/shared/upgrade/limit-answer';

const LIMIT_ANSWER = 'You have used your 3 free questions for today. Subscribe for unlimited access.';

describe('the chat at the limit', () => {
  test("when an ordinary question is refused with 429, then the 429's message is the answer in the conversation and the limit is reached", () => {
    chatStore.add({ id: chatStore.newId(), role: 'user', content: 'And what about rashes?' });
    chatStore.refused(limitAnswer({ message: LIMIT_ANSWER, queriesUsed: 3, queriesAllowed: 3, isSubscriber: false }));

    const { messages, limitReached } = chatStore.get();
    expect(limitReached).toBe(true);
    expect(messages.at(-2)).toMatchObject({ role: 'user', content: 'And what about rashes?' });
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: LIMIT_ANSWER });
    expect(messages.at(-1)?.isCrisis).toBeUndefined();
  });

  test('when the 429 carried no message, then the answer is the upgrade panel title and subtext', () => {
    expect(limitAnswer('429: Too Many Requests')).toBe(
      '3 Free Questions Used. Get more guidance - choose an option below',
    );
    expect(limitAnswer({ message: '  ' })).toBe('3 Free Questions Used. Get more guidance - choose an option below');
  });

  test("when a 429 is a guest's, then it is the limit; a subscriber's 429 or any other failure is not", () => {
    expect(isLimitRefusal({ status: 429, message: '429: x', data: { isSubscriber: false } })).toBe(true);
    expect(isLimitRefusal({ status: 429, message: '429: x' })).toBe(true);
    expect(isLimitRefusal({ status: 429, message: '429: x', data: { isSubscriber: true } })).toBe(false);
    expect(isLimitRefusal({ status: 503, message: '503: busy' })).toBe(false);
    expect(isLimitRefusal({ status: 'FETCH_ERROR', message: 'offline' })).toBe(false);
  });
});
