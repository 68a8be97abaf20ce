// The offline engine: the voice service answers a call by itself, with no outside service. The visitor's
// microphone (48 kHz, from the transport) goes through the utterance detector; each utterance is transcribed
// by the local recogniser (Whisper), asked of the chat's own assistant (ai-query over rpc.ai.v1.ask: crisis
// first, the same free questions, the same answers), and the answer is spoken by the local synthesiser
// (espeak-ng), sentence by sentence so that the first sentence plays while the next is made.
//
// Each call is an OfflineCall (offline-call.ts); how much of an answer is said is spoken-answer.ts's.
import type { ServiceContext } from '@hhp/kit';
import type { CallContext, EngineCall, VoiceEngine } from '../engine/engine.js';
import { AskAssistant } from '../assistant/ask-assistant.js';
import type { VoiceConfig } from '../config.js';
import { EspeakSynthesizer } from '../speech/espeak-synthesizer.js';
import { speechSettings } from '../speech/settings.js';
import { WhisperRecognizer } from '../speech/whisper-recognizer.js';
import { OfflineCall, type OfflineCallDeps } from './offline-call.js';

export class OfflineEngine implements VoiceEngine {
  readonly name = 'offline';

  constructor(private readonly deps: OfflineCallDeps) {}

  open(call: CallContext): EngineCall {
    return new OfflineCall(this.deps, call);
  }

  async close(): Promise<void> {
    await this.deps.recognizer.close();
  }
}

/** The offline engine as the service runs it: the settings' recogniser (its model loaded now), espeak-ng, and ai-query over NATS. */
export function offlineEngine({
  config,
  bus,
  logger,
}: Pick<ServiceContext<VoiceConfig>, 'config' | 'bus' | 'logger'>): OfflineEngine {
  const settings = speechSettings();
  const recognizer = new WhisperRecognizer({
    python: settings.python,
    workerScript: settings.workerScript,
    modelDir: settings.modelDir,
    threads: settings.threads,
    logger,
  });
  // The model loads while the service starts, not during the first call; a broken install is logged here.
  recognizer.start().catch((err: unknown) => logger.error({ err }, 'the speech recogniser did not start'));
  return new OfflineEngine({
    recognizer,
    synthesizer: new EspeakSynthesizer({ binary: settings.espeak }),
    assistant: new AskAssistant(bus, config.VOICE_ASSISTANT_TIMEOUT_MS),
    logger,
  });
}
