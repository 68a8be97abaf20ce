// The limits of a call, as pure rules (the call applies them on a clock): calls at once, the time to set a
// call up, the longest call, the longest silence, and the inbound packet rate (a microphone sends 50 Opus
// packets a second; a flood is far above it). What one address may hold is per-address.ts's.
import type { VoiceServerMessage } from '@hhp/proto';

export type LimitReason = Extract<VoiceServerMessage, { type: 'limit' }>['reason'];

export interface CallLimits {
  maxSessions: number;
  /** A socket's `start`, and a call's `offer` after it, must come within this (the page sends both at once). */
  setupSeconds: number;
  /** A call must be connected this long after its `start` (ICE through a relay takes a few seconds). */
  connectSeconds: number;
  maxSeconds: number;
  idleSeconds: number;
  maxPacketsPerSecond: number;
}

/** Calls at once: a call takes a slot at `start` and gives it back when it ends. */
export class SessionSlots {
  private taken = 0;
  constructor(private readonly max: number) {}

  get size(): number {
    return this.taken;
  }

  /** False when every slot is taken. */
  take(): boolean {
    if (this.taken >= this.max) return false;
    this.taken++;
    return true;
  }

  release(): void {
    this.taken = Math.max(0, this.taken - 1);
  }
}

/** The time limit a call has reached at `now` (ms), if any: the longest call first, then silence. */
export function timeLimitReached(
  now: number,
  call: { startedAt: number; lastActivityAt: number },
  limits: Pick<CallLimits, 'maxSeconds' | 'idleSeconds'>,
): 'duration' | 'idle' | undefined {
  if (now - call.startedAt >= limits.maxSeconds * 1000) return 'duration';
  if (now - call.lastActivityAt >= limits.idleSeconds * 1000) return 'idle';
  return undefined;
}

/**
 * True when a call that is not connected at `now` (ms) is out of time to set up: no offer within
 * `setupSeconds` of its start, or not connected within `connectSeconds`. A page sends its offer as soon as it
 * has the session, so a call without one holds a slot for nothing.
 */
export function setupTimeOver(
  now: number,
  call: { startedAt: number; offered: boolean; connected: boolean },
  limits: Pick<CallLimits, 'setupSeconds' | 'connectSeconds'>,
): boolean {
  if (call.connected) return false;
  const elapsed = now - call.startedAt;
  return elapsed >= limits.connectSeconds * 1000 || (!call.offered && elapsed >= limits.setupSeconds * 1000);
}

/**
 * Inbound packets per second, counted over a sliding second (the previous second's count weighted by how
 * much of it the window still covers), so a flood is caught within a second whatever its phase.
 */
export class PacketRate {
  private second = -1;
  private current = 0;
  private previous = 0;
  constructor(private readonly maxPerSecond: number) {}

  /** Counts one packet at `now` (ms); true when the rate is over the limit. */
  count(now: number): boolean {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.previous = second === this.second + 1 ? this.current : 0;
      this.current = 0;
      this.second = second;
    }
    this.current++;
    const weight = 1 - (now % 1000) / 1000;
    return this.current + this.previous * weight > this.maxPerSecond;
  }
}

/** What the visitor reads (and, when the engine can, hears) when a limit refuses or ends a call. */
export function limitMessage(reason: LimitReason, limits: Pick<CallLimits, 'maxSeconds' | 'idleSeconds'>): string {
  switch (reason) {
    case 'sessions':
      return 'Voice chat is busy right now. Please try again in a few minutes, or type your question in the chat.';
    case 'address':
      return 'Too many voice calls are open from your network right now. Please end one, or try again in a few minutes, or type your question in the chat.';
    case 'setup':
      return 'The voice chat could not be connected in time. Please try again.';
    case 'duration':
      return `Voice chats last at most ${inWords(limits.maxSeconds)}, so this one has ended. You can start a new one.`;
    case 'idle':
      return `The voice chat ended because nothing was said for ${inWords(limits.idleSeconds)}.`;
    case 'rate':
      return 'The voice chat ended because more audio arrived than a microphone sends.';
  }
}

/** `90 seconds`, `1 second`, `10 minutes`. */
export function inWords(seconds: number): string {
  if (seconds % 60 !== 0 || seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const m = seconds / 60;
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}
