// The OpenAI Realtime engine: the voice service keeps the visitor's peer connection and bridges its audio to
// OpenAI's Realtime API over a server-side WebSocket (48 kHz frames down to the socket's 24 kHz, the model's
// 24 kHz audio up to 48 kHz and played on the call). The model hears the visitor and speaks the answer; the
// service decides whether it may: the server detects each turn and transcribes it but never answers by
// itself, and each transcript goes through the chat's own crisis check and free questions (ai-query over
// rpc.ai.v1.ask, `admit`) before a `response.create` is sent:
//   - a crisis: the `crisis` signal first, then the model says the chat's crisis words, as they are;
//   - the free questions used up: `quota exceeded`, and the model says the limit's words;
//   - otherwise the model answers with the instructions the chat's model would have had for the question
//     (the persona and safety text, the portal passages found, the emergency notice said first).
// A call's turns, and what is given back when an answer is not heard, are realtime-call.ts's; its responses,
// their playback and a barge-in's cut are realtime-responses.ts's; the words it says, realtime-words.ts's.
import { assistantSystemPrompt } from '@hhp/proto';
import type { ServiceContext } from '@hhp/kit';
import { AskAssistant } from '../assistant/ask-assistant.js';
import type { VoiceConfig } from '../config.js';
import type { CallContext, EngineCall, VoiceEngine } from '../engine/engine.js';
import { RealtimeCall, type RealtimeCallDeps } from './realtime-call.js';
import { SPOKEN_STYLE } from './realtime-words.js';

/** The Realtime socket's address: OPENAI_REALTIME_URL, else the chat's OPENAI_BASE_URL as ws(s), else OpenAI's. */
export function realtimeUrl(
  config: Pick<VoiceConfig, 'OPENAI_REALTIME_URL' | 'OPENAI_BASE_URL' | 'OPENAI_REALTIME_MODEL'>,
): string {
  const base =
    config.OPENAI_REALTIME_URL ??
    (config.OPENAI_BASE_URL
      ? `${config.OPENAI_BASE_URL.replace(/\/+$/, '').replace(/^http/, 'ws')}/realtime`
      : 'wss://api.openai.com/v1/realtime');
  const url = new URL(base);
  url.searchParams.set('model', config.OPENAI_REALTIME_MODEL);
  return url.toString();
}

export class RealtimeEngine implements VoiceEngine {
  readonly name = 'openai';

  constructor(private readonly deps: RealtimeCallDeps) {}

  open(call: CallContext): EngineCall {
    return new RealtimeCall(this.deps, call);
  }
}

/** The Realtime engine as the service runs it: the chat's instructions, ai-query's decision over NATS. */
export function realtimeEngine({ config, bus }: Pick<ServiceContext<VoiceConfig>, 'config' | 'bus'>): RealtimeEngine {
  if (!config.OPENAI_API_KEY) throw new Error('the Realtime engine needs OPENAI_API_KEY');
  return new RealtimeEngine({
    url: realtimeUrl(config),
    apiKey: config.OPENAI_API_KEY,
    instructions: `${assistantSystemPrompt(config.PRACTITIONER_NAME)}\n${SPOKEN_STYLE}`,
    voice: config.OPENAI_REALTIME_VOICE,
    transcriptionModel: config.OPENAI_REALTIME_TRANSCRIPTION_MODEL,
    assistant: new AskAssistant(bus, config.VOICE_ASSISTANT_TIMEOUT_MS),
  });
}
