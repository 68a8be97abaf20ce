// The transport's test engine: it measures the visitor's audio and, once it has heard half a second of
// sound, answers with a second of a 440 Hz tone (and a caption), as an engine answers an utterance.
import type { CallContext, EngineCall, VoiceEngine } from '../../src/engine/engine.js';

export const rms = (frame: Int16Array): number => {
  let sum = 0;
  for (const s of frame) sum += s * s;
  return Math.sqrt(sum / Math.max(1, frame.length));
};

export function tone(hz: number, seconds: number, amplitude = 8000, sampleRate = 48_000): Int16Array {
  const pcm = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate));
  return pcm;
}

export class EchoEngine implements VoiceEngine {
  readonly name = 'echo';
  /** Per session: frames received, and frames with sound in them. */
  readonly heard = new Map<string, { frames: number; loud: number }>();
  readonly closed: string[] = [];
  /** Per session, the call's context: a test speaks and interrupts through it. */
  readonly contexts = new Map<string, CallContext>();
  answerSeconds = 1;
  /** When set, a limit's message is "spoken" as this many seconds of tone. */
  limitSeconds: number | undefined;

  open(call: CallContext): EngineCall {
    const heard = { frames: 0, loud: 0 };
    this.heard.set(call.sessionId, heard);
    this.contexts.set(call.sessionId, call);
    const limitSeconds = this.limitSeconds;
    let answered = false;
    return {
      audio: (frame) => {
        heard.frames++;
        if (rms(frame) < 500) return;
        heard.loud++;
        call.activity();
        if (heard.loud < 25 || answered) return;
        answered = true;
        call.send({ type: 'transcript', role: 'user', text: 'a tone', final: true });
        call.send({ type: 'state', state: 'speaking' });
        void call.play(tone(440, this.answerSeconds)).then(() => {
          call.turn();
          call.send({ type: 'state', state: 'listening' });
        });
      },
      ...(limitSeconds ? { sayLimit: () => call.play(tone(330, limitSeconds)) } : {}),
      close: () => {
        this.closed.push(call.sessionId);
      },
    };
  }
}
