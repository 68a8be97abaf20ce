// The part of OpenAI's Realtime protocol (GA, `session.type: 'realtime'`) the engine speaks: the server events
// it reads, each parsed at the edge with its schema (the fields it uses; others pass), and the client events
// it sends. Anything else the server sends (session.created, rate_limits.updated, response.output_item.added,
// …) is read as `other` and left alone.
import { z } from 'zod';

/** The audio both ways on the Realtime socket: 24 kHz mono PCM16, little-endian, base64 in JSON. */
const REALTIME_RATE = 24_000;

const SpeechStarted = z.object({
  type: z.literal('input_audio_buffer.speech_started'),
  item_id: z.string(),
  audio_start_ms: z.number().optional(),
});
const SpeechStopped = z.object({ type: z.literal('input_audio_buffer.speech_stopped'), item_id: z.string() });
const TranscriptionCompleted = z.object({
  type: z.literal('conversation.item.input_audio_transcription.completed'),
  item_id: z.string(),
  transcript: z.string(),
});
const TranscriptionFailed = z.object({
  type: z.literal('conversation.item.input_audio_transcription.failed'),
  item_id: z.string(),
  error: z.object({ code: z.string().nullish(), type: z.string().nullish() }).partial().optional(),
});
const ResponseCreated = z.object({
  type: z.literal('response.created'),
  response: z.object({ id: z.string() }),
});
const AudioDelta = z.object({
  type: z.literal('response.output_audio.delta'),
  response_id: z.string(),
  item_id: z.string(),
  delta: z.string(),
});
const AudioTranscriptDone = z.object({
  type: z.literal('response.output_audio_transcript.done'),
  response_id: z.string(),
  item_id: z.string(),
  transcript: z.string(),
});
const ResponseDone = z.object({
  type: z.literal('response.done'),
  response: z.object({
    id: z.string(),
    /** completed, cancelled, failed, incomplete. */
    status: z.string(),
  }),
});
const ErrorEvent = z.object({
  type: z.literal('error'),
  error: z.object({
    type: z.string(),
    code: z.string().nullish(),
    message: z.string(),
    /** The client event that caused it, when it had an `event_id`. */
    event_id: z.string().nullish(),
  }),
});

const KNOWN = [
  SpeechStarted,
  SpeechStopped,
  TranscriptionCompleted,
  TranscriptionFailed,
  ResponseCreated,
  AudioDelta,
  AudioTranscriptDone,
  ResponseDone,
  ErrorEvent,
] as const;

export const RealtimeServerEvent = z.discriminatedUnion('type', KNOWN);
export type RealtimeServerEvent = z.infer<typeof RealtimeServerEvent> | { type: 'other'; name: string };

const knownTypes = new Set<string>(KNOWN.map((schema) => schema.shape.type.value));

/**
 * One frame of the socket, read: a known event checked against its schema (a malformed one throws), any
 * other event as `other` with its name.
 */
export function parseServerEvent(text: string): RealtimeServerEvent {
  const json = JSON.parse(text) as unknown;
  const type = typeof json === 'object' && json !== null && 'type' in json ? String(json.type) : '';
  if (!knownTypes.has(type)) return { type: 'other', name: type };
  return RealtimeServerEvent.parse(json);
}

/** The session as the engine sets it up (`session.update`). */
export interface SessionSettings {
  instructions: string;
  voice: string;
  transcriptionModel: string;
}

/**
 * The server detects the visitor's turns and transcribes them but never answers by itself
 * (`create_response: false`) nor cuts an answer off (`interrupt_response: false`): every answer waits for the
 * service's crisis check and quota, and a barge-in is the service's to handle (it knows what was played).
 */
export function sessionUpdate({ instructions, voice, transcriptionModel }: SessionSettings) {
  return {
    type: 'session.update',
    session: {
      type: 'realtime',
      instructions,
      output_modalities: ['audio'],
      audio: {
        input: {
          format: { type: 'audio/pcm', rate: REALTIME_RATE },
          transcription: { model: transcriptionModel },
          turn_detection: {
            type: 'server_vad',
            create_response: false,
            interrupt_response: false,
            silence_duration_ms: 500,
            prefix_padding_ms: 300,
          },
        },
        output: { format: { type: 'audio/pcm', rate: REALTIME_RATE }, voice },
      },
    },
  } as const;
}

export type RealtimeClientEvent =
  | ReturnType<typeof sessionUpdate>
  | { type: 'input_audio_buffer.append'; audio: string }
  | {
      type: 'response.create';
      event_id: string;
      /** `input`: the items the model is given (references to checked ones), in place of the whole conversation. */
      response: { instructions: string; input: { type: 'item_reference'; id: string }[] };
    }
  | { type: 'response.cancel' }
  | { type: 'conversation.item.truncate'; item_id: string; content_index: 0; audio_end_ms: number }
  | { type: 'conversation.item.delete'; item_id: string };

/** PCM16 samples as the socket carries them (little-endian bytes, base64). */
export function encodePcm(pcm: Int16Array): string {
  const bytes = Buffer.alloc(pcm.length * 2);
  for (let i = 0; i < pcm.length; i++) bytes.writeInt16LE(pcm[i]!, i * 2);
  return bytes.toString('base64');
}

export function decodePcm(base64: string): Int16Array {
  const bytes = Buffer.from(base64, 'base64');
  const pcm = new Int16Array(bytes.length >> 1);
  for (let i = 0; i < pcm.length; i++) pcm[i] = bytes.readInt16LE(i * 2);
  return pcm;
}
