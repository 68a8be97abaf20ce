// The voice widget's call, in the browser without a voice service: the page's microphone and peer connection
// are stand-ins (an init script), and the `/ws` socket is answered by the test (page.routeWebSocket) speaking
// the signalling of proto/src/voice.ts. The microphone is a real audio track (an oscillator), so the widget
// stops a real track when the call ends.
import type { Page, WebSocketRoute } from '@playwright/test';

export interface FakeMediaOptions {
  /** getUserMedia is refused, as when the visitor blocks the microphone. */
  microphoneDenied?: boolean;
}

/** Call before `page.goto`. What the stand-ins saw is in `window.__voice` (peers' state, microphone tracks). */
export async function fakeMedia(page: Page, options: FakeMediaOptions = {}): Promise<void> {
  await page.addInitScript(({ microphoneDenied }) => {
    const record = { peers: [] as unknown[], microphones: [] as MediaStreamTrack[] };
    (window as unknown as Record<string, unknown>).__voice = record;
    const tone = () => {
      const context = new AudioContext();
      const oscillator = context.createOscillator();
      const destination = context.createMediaStreamDestination();
      oscillator.connect(destination);
      oscillator.start();
      return destination.stream;
    };
    navigator.mediaDevices.getUserMedia = async () => {
      if (microphoneDenied) throw new DOMException('Permission denied', 'NotAllowedError');
      const stream = tone();
      record.microphones.push(...stream.getAudioTracks());
      return stream;
    };

    class FakePeerConnection extends EventTarget {
      connectionState: RTCPeerConnectionState = 'new';
      state = {
        iceServers: undefined as unknown,
        tracks: 0,
        remote: null as string | null,
        candidates: [] as unknown[],
        closed: false,
      };
      constructor(config: RTCConfiguration) {
        super();
        this.state.iceServers = config.iceServers;
        record.peers.push(this.state);
      }
      addTrack() {
        this.state.tracks += 1;
      }
      async createOffer() {
        return { type: 'offer' as const, sdp: 'v=0 fake offer' };
      }
      async setLocalDescription() {
        // One candidate of the page's, then the end of them.
        setTimeout(() => {
          const candidate = {
            candidate: 'candidate:1 1 udp 2122260223 10.0.0.1 50000 typ host',
            sdpMid: '0',
            sdpMLineIndex: 0,
          };
          this.dispatchEvent(Object.assign(new Event('icecandidate'), { candidate: { toJSON: () => candidate } }));
          this.dispatchEvent(Object.assign(new Event('icecandidate'), { candidate: null }));
        }, 0);
      }
      async setRemoteDescription(description: RTCSessionDescriptionInit) {
        this.state.remote = description.sdp ?? null;
        setTimeout(() => {
          const voice = tone();
          this.dispatchEvent(Object.assign(new Event('track'), { track: voice.getAudioTracks()[0], streams: [voice] }));
          this.connectionState = 'connected';
          this.dispatchEvent(new Event('connectionstatechange'));
        }, 0);
      }
      async addIceCandidate(candidate: unknown) {
        this.state.candidates.push(candidate ?? null);
      }
      close() {
        this.state.closed = true;
        this.connectionState = 'closed';
      }
    }
    window.RTCPeerConnection = FakePeerConnection as unknown as typeof RTCPeerConnection;
  }, options);
}

export interface VoiceService {
  /** Every frame the page sent, parsed. */
  received: Record<string, unknown>[];
  /** The page's socket, once it connected. */
  socket(): Promise<WebSocketRoute>;
  send(message: Record<string, unknown>): Promise<void>;
}

export const SESSION = {
  type: 'session',
  sessionId: 'e2e-session',
  iceServers: [{ urls: 'stun:stun.example.test:3478' }],
  maxSeconds: 600,
  idleSeconds: 60,
};

/**
 * A stand-in of the voice service on `/ws`: `session` after `start`, `answer` after `offer`, one candidate;
 * the test sends the rest. `refuse` closes every socket at once (as a service that is down); `unavailable`
 * answers `start` with `unavailable`.
 */
export async function fakeVoiceService(
  page: Page,
  { refuse = false, unavailable = false } = {},
): Promise<VoiceService> {
  const received: Record<string, unknown>[] = [];
  let connected: (socket: WebSocketRoute) => void;
  const ready = new Promise<WebSocketRoute>((resolve) => (connected = resolve));
  await page.routeWebSocket('**/ws', (socket) => {
    if (refuse) {
      void socket.close({ code: 1011, reason: 'unavailable' });
      return;
    }
    socket.onMessage((frame) => {
      const message = JSON.parse(String(frame)) as Record<string, unknown>;
      received.push(message);
      if (message.type === 'start' && unavailable) {
        socket.send(JSON.stringify({ type: 'unavailable', message: 'No voice engine.' }));
        void socket.close({ code: 1000 });
      } else if (message.type === 'start') socket.send(JSON.stringify(SESSION));
      if (message.type === 'offer') {
        socket.send(JSON.stringify({ type: 'answer', sdp: 'v=0 fake answer' }));
        const candidate = {
          candidate: 'candidate:2 1 udp 2122260223 10.0.0.2 40000 typ host',
          sdpMid: '0',
          sdpMLineIndex: 0,
        };
        socket.send(JSON.stringify({ type: 'candidate', candidate }));
        socket.send(JSON.stringify({ type: 'state', state: 'listening' }));
      }
    });
    connected(socket);
  });
  return {
    received,
    socket: () => ready,
    send: async (message) => (await ready).send(JSON.stringify(message)),
  };
}
