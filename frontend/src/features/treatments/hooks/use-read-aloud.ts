import { SPEECH_PATH } from '@hhp/proto/speech-parts';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { texts } from '../texts';

// Reads a card aloud with the browser's own voice where it has one that works, else with the portal's
// (GET /api/voice/speech, espeak-ng on the server), and says in words when neither can: many phones have no
// voices installed, and Debian's Chromium lists voices whose every utterance fails (`synthesis-failed`).

function synthesisOf(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
}

function subscribeVoices(onChange: () => void) {
  const synthesis = synthesisOf();
  synthesis?.addEventListener('voiceschanged', onChange);
  return () => synthesis?.removeEventListener('voiceschanged', onChange);
}

/** Whether the browser has a voice to speak with now (Chromium lists its voices a moment after the page loads). */
function useBrowserVoices(): boolean {
  return useSyncExternalStore(
    subscribeVoices,
    () => (synthesisOf()?.getVoices().length ?? 0) > 0,
    () => false,
  );
}

/** How long the browser's voice may take to begin before the portal's is used instead (some never begin). */
const BROWSER_START_MS = 4000;

/** Errors an utterance gets when it was stopped (by us, or by another reading), not because the voice failed. */
const STOPPED = new Set(['canceled', 'interrupted']);

export interface ReadAloud {
  /** The key of what is being read, one at a time. */
  speaking: string | null;
  /** Why the last reading of `key` could not be heard, in words for the page. */
  problem: { key: string; message: string } | null;
  /** Reads `parts` aloud (stopping whatever was being read), or stops it when `key` is being read. */
  toggle: (key: string, parts: readonly string[]) => void;
  /** The player of the portal's voice: render it once (`<audio ref={…} />`, no controls: nothing shows). */
  attachPlayer: (element: HTMLAudioElement | null) => void;
}

/**
 * One part in the portal's voice (GET /api/voice/speech): its audio, or what the page says instead (the
 * service's own sentence for too many requests, else that the portal cannot speak it).
 */
export async function fetchSpeech(part: string, signal: AbortSignal): Promise<Blob | string> {
  try {
    const response = await fetch(`${SPEECH_PATH}?${new URLSearchParams({ text: part })}`, { signal });
    if (response.ok) return await response.blob();
    // The service's sentences are written for visitors (too many requests, its voice unavailable).
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return response.status === 429 && typeof body?.message === 'string' ? body.message : texts.cannotSpeak;
  } catch {
    return texts.cannotSpeak;
  }
}

interface Reading {
  key: string;
  stopped: boolean;
  abort: AbortController;
}

/** Reads one text at a time; leaving the page stops it. */
export function useReadAloud(): ReadAloud {
  const hasVoices = useBrowserVoices();
  const [speaking, setSpeaking] = useState<string | null>(null);
  const [problem, setProblem] = useState<ReadAloud['problem']>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  // The reading under way; a reading that is no longer this one has been stopped, and its late events count for nothing.
  const current = useRef<Reading | null>(null);

  const stop = useCallback(() => {
    const reading = current.current;
    current.current = null;
    if (!reading) return;
    reading.stopped = true;
    reading.abort.abort();
    synthesisOf()?.cancel();
    const player = audio.current;
    if (player) {
      player.pause();
      player.removeAttribute('src');
      player.load();
    }
  }, []);

  useEffect(() => stop, [stop]);

  const finish = useCallback((reading: Reading, message?: string) => {
    if (current.current !== reading) return;
    current.current = null;
    setSpeaking(null);
    if (message) setProblem({ key: reading.key, message });
  }, []);

  /** The portal's voice, from `parts[from]` on: one request per part, the next fetched while one plays. */
  const readWithServer = useCallback(
    async (reading: Reading, parts: readonly string[], from: number) => {
      const player = audio.current;
      if (!player) return finish(reading, texts.cannotSpeak);
      const fetchPart = (part: string) => fetchSpeech(part, reading.abort.signal);
      let next = fetchPart(parts[from]!);
      for (let index = from; index < parts.length; index++) {
        const got = await next;
        if (reading.stopped) return;
        if (typeof got === 'string') return finish(reading, got);
        if (index + 1 < parts.length) next = fetchPart(parts[index + 1]!);
        const url = URL.createObjectURL(got);
        try {
          const played = await new Promise<boolean>((resolve) => {
            player.onended = () => resolve(true);
            player.onerror = () => resolve(false);
            player.onemptied = () => reading.stopped && resolve(true);
            player.src = url;
            player.play().catch(() => resolve(false));
          });
          if (reading.stopped) return;
          if (!played) return finish(reading, texts.cannotPlay);
        } finally {
          URL.revokeObjectURL(url);
        }
      }
      finish(reading);
    },
    [finish],
  );

  /** The browser's voice; on its first failure (or when it does not begin), the portal's takes over from that part. */
  const readWithBrowser = useCallback(
    (reading: Reading, synthesis: SpeechSynthesis, parts: readonly string[]) => {
      let begun = false;
      let handedOver = false;
      const handOver = (from: number) => {
        if (handedOver || reading.stopped) return;
        handedOver = true;
        synthesis.cancel();
        void readWithServer(reading, parts, from);
      };
      const watchdog = setTimeout(() => !begun && handOver(0), BROWSER_START_MS);
      reading.abort.signal.addEventListener('abort', () => clearTimeout(watchdog));
      // One utterance per part, queued: Chromium cuts a long utterance off after about 15 seconds.
      parts.forEach((part, index) => {
        const utterance = new SpeechSynthesisUtterance(part);
        utterance.addEventListener('start', () => {
          begun = true;
          clearTimeout(watchdog);
        });
        utterance.addEventListener('error', (event) => {
          if (!STOPPED.has(event.error)) handOver(index);
        });
        if (index === parts.length - 1) {
          utterance.addEventListener('end', () => {
            if (!handedOver) finish(reading);
          });
        }
        synthesis.speak(utterance);
      });
    },
    [finish, readWithServer],
  );

  const toggle = useCallback(
    (key: string, parts: readonly string[]) => {
      const same = current.current?.key === key;
      stop();
      setProblem(null);
      if (same || parts.length === 0) {
        setSpeaking(null);
        return;
      }
      const reading: Reading = { key, stopped: false, abort: new AbortController() };
      current.current = reading;
      setSpeaking(key);
      const synthesis = synthesisOf();
      if (synthesis && hasVoices) readWithBrowser(reading, synthesis, parts);
      else void readWithServer(reading, parts, 0);
    },
    [stop, hasVoices, readWithBrowser, readWithServer],
  );

  const attachPlayer = useCallback((element: HTMLAudioElement | null) => {
    audio.current = element;
  }, []);

  return { speaking, problem, toggle, attachPlayer };
}
