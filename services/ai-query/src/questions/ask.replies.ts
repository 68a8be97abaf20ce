// rpc.ai.v1.ask: a visitor's question asked by another service (voice: a spoken question), answered by the
// same assistant as POST /api/query-ai with the visitor's own cookie and address; the free questions used
// up is an answer (`quota-exceeded`), not an error, so the caller can say so. With `mode: 'admit'` the
// caller's own model answers (voice's Realtime engine): the same crisis check and the same counting, and the
// instructions its model is to have instead of an answer (AdmitAiResponse), with a guest's refund token.
// rpc.ai.v1.give-back: that question given back, once, when the caller's model did not answer it.
import {
  RpcSubjects,
  AskAiRequest,
  GiveBackAiRequest,
  type AdmitAiResponse,
  type AskAiResponse,
  type GiveBackAiResponse,
} from '@hhp/proto';
import type { EventBus } from '@hhp/kit';
import { QuotaExceeded } from '../quota/admission.js';
import type { Assistant } from './assistant.js';

/** How long a spoken question may take here before it is abandoned (the caller has given up by then). */
const ASK_TIMEOUT_MS = 30_000;

export function askReplies(bus: EventBus, assistant: Assistant) {
  const asks = bus.reply(RpcSubjects.askAi, {
    request: AskAiRequest,
    handler: async ({
      query,
      guestId,
      cookie,
      clientAddress,
      requestId,
      mode,
    }): Promise<AskAiResponse | AdmitAiResponse> => {
      const asker = { body: { query, guestId }, ip: clientAddress, cookie, requestId, streamed: false };
      try {
        if (mode === 'admit') return await assistant.admit(asker);
        const answer = await assistant.ask(asker, { start() {}, delta() {} }, AbortSignal.timeout(ASK_TIMEOUT_MS));
        return { outcome: 'answered', ...answer };
      } catch (err) {
        if (err instanceof QuotaExceeded) return { outcome: 'quota-exceeded', message: err.message, ...err.quota };
        throw err;
      }
    },
  });
  const giveBacks = bus.reply(RpcSubjects.giveBackAi, {
    request: GiveBackAiRequest,
    handler: async ({ refundToken }): Promise<GiveBackAiResponse> => {
      const { givenBack, quota } = await assistant.giveBack(refundToken);
      return { outcome: givenBack ? 'given-back' : 'already-given-back', ...quota };
    },
  });
  return { drain: () => Promise.all([asks.drain(), giveBacks.drain()]).then(() => undefined) };
}
