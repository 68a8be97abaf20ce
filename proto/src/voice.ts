import { z } from 'zod';

/** Messages on the /ws WebSocket (voice signalling). The browser only logs what it receives. */
export const VoiceClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start') }),
  z.object({ type: z.literal('offer'), sdp: z.string().max(100_000) }),
  z.object({ type: z.literal('end') }),
]);
export type VoiceClientMessage = z.infer<typeof VoiceClientMessage>;

export const VoiceServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('answer'), sdp: z.string() }),
  z.object({ type: z.literal('unavailable'), message: z.string() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type VoiceServerMessage = z.infer<typeof VoiceServerMessage>;
