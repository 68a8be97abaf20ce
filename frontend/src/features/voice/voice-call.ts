// One voice call over `/ws` (proto/src/voice.ts): the microphone first (the browser asks the visitor), then
// the socket: `start` with the chat's guestId, `session` gives the ICE servers, the peer connection carries
// the microphone's track out and the assistant's voice back (played by `audio`), candidates trickle both
// ways. Everything the service reports goes to `onEvent` as the widget's reducer takes it. `end()` (or the
// service's `ended`, or the socket closing) stops the tracks, the peer connection and the socket.
import { VoiceServerMessage, type IceCandidate, type VoiceClientMessage } from '@hhp/proto/voice';
import type { VoiceEvent } from './voice-machine';

/** What a call uses of the browser; the unit tests pass fakes. */
export interface CallEnvironment {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  createSocket(url: string): WebSocket;
  createPeerConnection(config: RTCConfiguration): RTCPeerConnection;
}

export interface CallOptions {
  url: string;
  guestId: string;
  /** Plays the assistant's voice; the visitor's press of the start button lets it autoplay. */
  audio: HTMLAudioElement;
  onEvent: (event: VoiceEvent) => void;
  environment?: CallEnvironment;
}

export interface VoiceCall {
  /** The visitor ended the call: `end` is sent, then everything is closed. */
  end(): void;
}

const browser: CallEnvironment = {
  getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
  createSocket: (url) => new WebSocket(url),
  createPeerConnection: (config) => new RTCPeerConnection(config),
};

export const MICROPHONE: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  video: false,
};

/** ws(s)://<this host>/ws, the way the page itself was loaded. */
export function voiceSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export function startVoiceCall({ url, guestId, audio, onEvent, environment = browser }: CallOptions): VoiceCall {
  let over = false;
  let microphone: MediaStream | undefined;
  let socket: WebSocket | undefined;
  let peer: RTCPeerConnection | undefined;
  // Candidates that arrive before the answer wait for it.
  let answered = false;
  const early: IceCandidate[] = [];

  const send = (message: VoiceClientMessage) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  const close = () => {
    over = true;
    microphone?.getTracks().forEach((track) => track.stop());
    peer?.close();
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000);
    audio.pause();
    audio.srcObject = null;
  };

  const fail = (event: VoiceEvent) => {
    if (over) return;
    close();
    onEvent(event);
  };

  const addCandidate = (candidate: IceCandidate) => {
    // null is the end of the service's candidates.
    void peer?.addIceCandidate(candidate ?? undefined).catch(() => undefined);
  };

  const beginPeer = async (iceServers: RTCIceServer[]) => {
    const connection = environment.createPeerConnection({ iceServers });
    peer = connection;
    for (const track of microphone!.getAudioTracks()) connection.addTrack(track, microphone!);
    connection.addEventListener('icecandidate', (event) => {
      send({ type: 'candidate', candidate: event.candidate ? (event.candidate.toJSON() as IceCandidate) : null });
    });
    connection.addEventListener('track', (event) => {
      audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      void audio.play().catch(() => undefined);
    });
    connection.addEventListener('connectionstatechange', () => {
      if (connection.connectionState === 'connected') onEvent({ type: 'connected' });
      if (connection.connectionState === 'failed') fail({ type: 'callFailed' });
    });
    const offer = await connection.createOffer();
    await connection.setLocalDescription(offer);
    if (!over) send({ type: 'offer', sdp: offer.sdp ?? '' });
  };

  const onMessage = async (message: VoiceServerMessage) => {
    switch (message.type) {
      case 'session':
        return beginPeer(message.iceServers);
      case 'answer':
        await peer?.setRemoteDescription({ type: 'answer', sdp: message.sdp });
        answered = true;
        early.splice(0).forEach(addCandidate);
        return;
      case 'candidate':
        if (answered) addCandidate(message.candidate);
        else early.push(message.candidate);
        return;
      case 'ended':
      case 'unavailable':
      case 'error':
        if (over) return;
        close();
        onEvent({ type: 'message', message });
        return;
      default:
        onEvent({ type: 'message', message });
    }
  };

  const open = () => {
    const ws = environment.createSocket(url);
    socket = ws;
    ws.addEventListener('open', () => send({ type: 'start', guestId }));
    ws.addEventListener('message', (event: MessageEvent) => {
      if (over || typeof event.data !== 'string') return;
      let parsed;
      try {
        parsed = VoiceServerMessage.safeParse(JSON.parse(event.data));
      } catch {
        return;
      }
      // A message this page does not know (a newer service) is skipped, not fatal.
      if (!parsed.success) return;
      onMessage(parsed.data).catch(() => fail({ type: 'callFailed' }));
    });
    // A refused socket reports error, then close; both end here once.
    ws.addEventListener('close', () => fail({ type: 'closed' }));
  };

  environment.getUserMedia(MICROPHONE).then(
    (stream) => {
      microphone = stream;
      if (over) close();
      else open();
    },
    () => fail({ type: 'microphoneFailed' }),
  );

  return {
    end() {
      if (over) return;
      send({ type: 'end' });
      close();
    },
  };
}
