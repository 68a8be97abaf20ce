// What the voice engine needs from speech, whatever does it: the offline engine uses Whisper and espeak-ng
// (whisper-recognizer.ts, espeak-synthesizer.ts); a test or another engine can stand in behind the same two calls.

export interface Transcript {
  text: string;
}

export interface SpeechRecognizer {
  /**
   * Transcribes one utterance of 16 kHz mono PCM. Aborting `signal` withdraws a request that has not started
   * (it fails at once and costs nothing); one under way runs to its end, its transcript unused.
   */
  transcribe(pcm16k: Int16Array, options?: { signal?: AbortSignal }): Promise<Transcript>;
  close(): Promise<void>;
}

export interface SpeechSynthesizer {
  /** Speaks `text` as 48 kHz mono PCM, what the call encodes to Opus. */
  synthesize(text: string): Promise<Int16Array>;
}

/** The sample rate the synthesiser hands back: the call's (the recogniser hears 16 kHz, audio/resample.ts). */
export const CALL_RATE = 48000;
