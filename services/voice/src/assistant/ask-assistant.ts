// A spoken question goes to the same assistant as the chat's (ai-query, over rpc.ai.v1.ask): crisis first,
// the same free questions and subscriber access, the same answers. The visitor's Cookie header and address
// are the ones the call's WebSocket upgrade arrived with (nginx in front), never anything the browser says.
import { HttpError, type EventBus } from '@hhp/kit';
import { AskAiResponse, RpcSubjects, type AskAiRequest } from '@hhp/proto';

export const ASSISTANT_UNAVAILABLE = 'The assistant is not available right now. Please try again in a moment.';

export type SpokenAnswer = AskAiResponse;

export class AskAssistant {
  constructor(
    private readonly bus: Pick<EventBus, 'request'>,
    private readonly timeoutMs: number,
  ) {}

  /** The answer, or the free questions used up; a 503 HttpError when ai-query does not answer in time. */
  async ask(question: AskAiRequest): Promise<SpokenAnswer> {
    try {
      return await this.bus.request(RpcSubjects.askAi, question, {
        response: AskAiResponse,
        timeoutMs: this.timeoutMs,
        requestId: question.requestId,
      });
    } catch (err) {
      if (err instanceof HttpError && err.status === 503)
        throw new HttpError(503, ASSISTANT_UNAVAILABLE, { cause: err });
      throw err;
    }
  }
}
