// A spoken question goes to the same assistant as the chat's (ai-query, over rpc.ai.v1.ask): crisis first,
// the same free questions and subscriber access, the same answers. The visitor's Cookie header and address
// are the ones the call's WebSocket upgrade arrived with (nginx in front), never anything the browser says.
// `admit`: the same decision without ai-query's answer, for an engine whose own model answers (Realtime);
// `giveBack`: such a question given back when that model did not answer it (rpc.ai.v1.give-back).
import { HttpError, type EventBus } from '@hhp/kit';
import {
  AdmitAiResponse,
  AskAiResponse,
  GiveBackAiResponse,
  RpcSubjects,
  type AskAiRequest,
  type GiveBackAiRequest,
} from '@hhp/proto';

const ASSISTANT_UNAVAILABLE = 'The assistant is not available right now. Please try again in a moment.';

export type SpokenAnswer = AskAiResponse;

export class AskAssistant {
  constructor(
    private readonly bus: Pick<EventBus, 'request'>,
    private readonly timeoutMs: number,
  ) {}

  /** The answer, or the free questions used up; a 503 HttpError when ai-query does not answer in time. */
  ask(question: AskAiRequest): Promise<SpokenAnswer> {
    return this.request({ ...question, mode: 'answer' }, AskAiResponse);
  }

  /**
   * The question decided (crisis first, the free questions, counted) for the engine's own model to answer:
   * the words to say as they are (a crisis, an emergency with no question left), the limit, or the
   * instructions to answer with.
   */
  admit(question: Omit<AskAiRequest, 'mode'>): Promise<AdmitAiResponse> {
    return this.request({ ...question, mode: 'admit' }, AdmitAiResponse);
  }

  /**
   * Gives back an admitted question (its `refundToken`) that the engine's model did not answer: once; the
   * guest's counters after it. Rejects (403) for a token ai-query does not accept, 503 when it does not answer.
   */
  giveBack(request: GiveBackAiRequest): Promise<GiveBackAiResponse> {
    return this.bus.request(RpcSubjects.giveBackAi, request, {
      response: GiveBackAiResponse,
      timeoutMs: this.timeoutMs,
      requestId: request.requestId,
    });
  }

  private async request<R extends typeof AskAiResponse | typeof AdmitAiResponse>(
    question: AskAiRequest,
    response: R,
  ): Promise<ReturnType<R['parse']>> {
    try {
      return (await this.bus.request(RpcSubjects.askAi, question, {
        response,
        timeoutMs: this.timeoutMs,
        requestId: question.requestId,
      })) as ReturnType<R['parse']>;
    } catch (err) {
      if (err instanceof HttpError && err.status === 503)
        throw new HttpError(503, ASSISTANT_UNAVAILABLE, { cause: err });
      throw err;
    }
  }
}
