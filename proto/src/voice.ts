// The voice call's signalling on the `/ws` WebSocket (same host, through nginx's upgrade route): JSON text
// frames, each checked against these schemas on arrival (a frame that is not one of them closes the socket
// with 1008 and the reason). The audio itself flows over an RTCPeerConnection that the voice service
// terminates: the microphone's track in, the assistant's spoken answer out (Opus, 48 kHz).
//
// A call: the browser opens the socket and sends `start` (its guestId, as the chat sends it); the service
// answers `session` (the session id, the ICE servers to use, the limits); the browser creates its peer
// connection with the microphone's track, sends `offer`, gets `answer`; both sides trickle `candidate`s.
// Then the service reports what happens (`state`, `transcript`, `crisis`, `quota`, `limit`) until either
// side ends the call (`end` from the browser; `ended` from the service, with its reason, then it closes).
import { z } from 'zod';
import { GuestId, Quota, Source } from './ai.js';
import { crlfLines, singleLine } from './text.js';

/** The largest text frame the service reads (an SDP offer is a few KB); a larger one closes the socket (1009). */
export const MAX_VOICE_FRAME_BYTES = 64 * 1024;

/** How the socket is closed when a frame is not a message of this protocol (RFC 6455's policy violation). */
export const VOICE_CLOSE_BAD_FRAME = 1008;
/** How a socket is closed when the visitor's network already holds as many sockets or calls as one address may. */
export const VOICE_CLOSE_TRY_AGAIN_LATER = 1013;

/** An ICE candidate as RTCIceCandidate.toJSON() gives it; null: the end of the candidates. */
export const IceCandidate = z
  .object({
    candidate: singleLine({ max: 1000 }),
    sdpMid: singleLine({ max: 64 }).nullish(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
    usernameFragment: singleLine({ max: 256 }).nullish(),
  })
  .nullable();
export type IceCandidate = z.infer<typeof IceCandidate>;

export const VoiceClientMessage = z.discriminatedUnion('type', [
  /** Begin a call: the guest whose free questions a spoken question counts against (subscribers by cookie). */
  z.object({ type: z.literal('start'), guestId: GuestId.nullish() }).strict(),
  z.object({ type: z.literal('offer'), sdp: crlfLines({ max: 60_000 }).min(1) }).strict(),
  z.object({ type: z.literal('candidate'), candidate: IceCandidate }).strict(),
  /** The visitor ended the call. */
  z.object({ type: z.literal('end') }).strict(),
]);
export type VoiceClientMessage = z.infer<typeof VoiceClientMessage>;

/** RTCIceServer, as the browser's RTCPeerConnection takes it (VOICE_ICE_SERVERS). */
export const IceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServer>;

/** `listening`: waiting for the visitor to speak; `thinking`: an utterance ended and is being answered; `speaking`: the answer is playing. */
export const VoiceState = z.enum(['listening', 'thinking', 'speaking']);
export type VoiceState = z.infer<typeof VoiceState>;

/** Why a call ended. */
export const VoiceEndReason = z.enum([
  /** The visitor ended it (`end`, or the socket closed). */
  'visitor',
  /** Longer than VOICE_MAX_SESSION_SECONDS. */
  'duration',
  /** Nothing said for VOICE_IDLE_SECONDS. */
  'idle',
  /** More audio than a microphone sends (a flood). */
  'rate',
  /** The peer connection failed or closed. */
  'connection',
  /** The service is shutting down. */
  'shutdown',
  'error',
]);
export type VoiceEndReason = z.infer<typeof VoiceEndReason>;

export const VoiceServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('session'),
    sessionId: z.string(),
    iceServers: z.array(IceServer),
    /** Seconds: the longest call, and the longest silence before it is ended. */
    maxSeconds: z.number().int().positive(),
    idleSeconds: z.number().int().positive(),
  }),
  z.object({ type: z.literal('answer'), sdp: z.string() }),
  z.object({ type: z.literal('candidate'), candidate: IceCandidate }),
  z.object({ type: z.literal('state'), state: VoiceState }),
  /**
   * A caption: the visitor's words as transcribed (`user`, once per utterance) or the assistant's answer
   * (`assistant`, with the pages it drew on). `final: false` is a caption still growing. `crisisLines`: as
   * QueryAiResponse's, the answer to words the crisis model put in its middle band (they may hide a crisis): the
   * panel offers the 988 and 741741 lines gently beside the captions.
   */
  z.object({
    type: z.literal('transcript'),
    role: z.enum(['user', 'assistant']),
    text: z.string(),
    final: z.boolean(),
    sources: z.array(Source).optional(),
    crisisLines: z.literal(true).optional(),
  }),
  /** The visitor's words need crisis help: the page shows its crisis banner (and the 911 notice for an emergency). */
  z.object({ type: z.literal('crisis'), isEmergency: z.boolean() }),
  /** The visitor's free questions after a spoken question; `exceeded`: none left, the widget shows the upgrade options. */
  z.object({ type: z.literal('quota'), quota: Quota, exceeded: z.boolean() }),
  /**
   * A limit refused the call or ended it: the words are spoken too (once connected). `sessions`: every call
   * slot is taken; `address`: the visitor's network holds as many sockets or calls as one address may;
   * `setup`: the call was not offered or connected in time; `duration`, `idle`, `rate`: the call's own limits.
   */
  z.object({
    type: z.literal('limit'),
    reason: z.enum(['sessions', 'address', 'setup', 'duration', 'idle', 'rate']),
    message: z.string(),
  }),
  z.object({ type: z.literal('ended'), reason: VoiceEndReason }),
  /** The voice service cannot take calls (no engine, overloaded): "Failed to connect to voice chat service." */
  z.object({ type: z.literal('unavailable'), message: z.string() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type VoiceServerMessage = z.infer<typeof VoiceServerMessage>;
