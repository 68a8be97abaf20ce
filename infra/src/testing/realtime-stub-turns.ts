// The Realtime stand-in's ears (realtime-stub.ts): an energy detector over the appended 24 kHz PCM16 with
// `server_vad`'s timings. Speech above the threshold for 60 ms starts a turn (speech_started); the session's
// `silence_duration_ms` of quiet ends it (speech_stopped), and the connection commits the turn.

/** 20 ms windows of the energy detector. */
const WINDOW = 480;

export interface TurnBehaviour {
  /** RMS (of 32768) above which a 20 ms window is speech. */
  speechRms: number;
}

export interface TurnEvents {
  send(event: Record<string, unknown>): void;
  id(prefix: string): string;
  /** The session's `turn_detection.silence_duration_ms`, when it sets one. */
  silenceMs(): number | undefined;
  /** A turn ended (after its speech_stopped). */
  stopped(itemId: string): void;
}

export class TurnDetector {
  private bufferedMs = 0;
  private loudWindows = 0;
  private quietMs = 0;
  private speaking: { itemId: string; startMs: number } | undefined;
  private pending = new Int16Array(0);

  constructor(
    private readonly behaviour: TurnBehaviour,
    private readonly events: TurnEvents,
  ) {}

  hear(pcm: Int16Array) {
    const all = new Int16Array(this.pending.length + pcm.length);
    all.set(this.pending);
    all.set(pcm, this.pending.length);
    let offset = 0;
    for (; offset + WINDOW <= all.length; offset += WINDOW) {
      let sum = 0;
      for (let i = offset; i < offset + WINDOW; i++) sum += all[i]! * all[i]!;
      this.window(Math.sqrt(sum / WINDOW) > this.behaviour.speechRms);
    }
    this.pending = all.slice(offset);
  }

  private window(loud: boolean) {
    this.bufferedMs += 20;
    if (!this.speaking) {
      this.loudWindows = loud ? this.loudWindows + 1 : 0;
      if (this.loudWindows >= 3) {
        this.speaking = { itemId: this.events.id('item'), startMs: this.bufferedMs - 60 };
        this.quietMs = 0;
        this.events.send({
          type: 'input_audio_buffer.speech_started',
          audio_start_ms: this.speaking.startMs,
          item_id: this.speaking.itemId,
        });
      }
      return;
    }
    this.quietMs = loud ? 0 : this.quietMs + 20;
    if (this.quietMs >= (this.events.silenceMs() ?? 500)) {
      const { itemId } = this.speaking;
      this.speaking = undefined;
      this.loudWindows = 0;
      this.events.send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: this.bufferedMs, item_id: itemId });
      this.events.stopped(itemId);
    }
  }
}
