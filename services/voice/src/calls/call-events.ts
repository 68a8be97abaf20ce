// voice.v1.session-started and voice.v1.session-ended: no audio and no words, only what a call was (its
// engine, length, questions answered and why it ended). No stored document carries a call, so they are
// kept in memory until JetStream has them (the kit's DurablePublisher).
import { DurablePublisher, createEnvelope, type EventBus, type Logger, type Metrics } from '@hhp/kit';
import { Subjects, VoiceSessionEndedEvent, VoiceSessionStartedEvent, type VoiceEndReason } from '@hhp/proto';

export interface CallEvents {
  started(call: { sessionId: string; engine: string }): void;
  ended(call: {
    sessionId: string;
    engine: string;
    durationSeconds: number;
    turns: number;
    reason: VoiceEndReason;
  }): void;
  close(): Promise<void>;
}

export function callEvents(deps: { bus: EventBus; logger: Logger; registry: Metrics['registry'] }): CallEvents {
  const events = new DurablePublisher({ ...deps, name: 'voice-sessions' });
  return {
    started(call) {
      const data = VoiceSessionStartedEvent.shape.data.parse(call);
      events.publish(createEnvelope(Subjects.voiceSessionStarted, data));
    },
    ended(call) {
      const data = VoiceSessionEndedEvent.shape.data.parse({
        ...call,
        durationSeconds: Math.round(call.durationSeconds * 10) / 10,
      });
      events.publish(createEnvelope(Subjects.voiceSessionEnded, data));
    },
    close: () => events.close(),
  };
}
