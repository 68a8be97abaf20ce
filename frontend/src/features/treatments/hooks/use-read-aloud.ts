import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** The browser's speech synthesis, or null (no support, or the prerendered page before React takes it over). */
function useSynthesis(): SpeechSynthesis | null {
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null),
    () => null,
  );
}

export interface ReadAloud {
  /** false where the browser cannot speak: the listen buttons are not shown. */
  supported: boolean;
  /** The key of what is being read, one at a time. */
  speaking: string | null;
  /** Reads `text` aloud (stopping whatever was being read), or stops it when `key` is being read. */
  toggle: (key: string, text: string) => void;
}

/** Reads one text at a time with the browser's speechSynthesis; leaving the page stops it. */
export function useReadAloud(): ReadAloud {
  const synthesis = useSynthesis();
  const [speaking, setSpeaking] = useState<string | null>(null);
  // cancel() ends the previous utterance with an event that arrives later: only the current one's end counts.
  const current = useRef<SpeechSynthesisUtterance | null>(null);

  useEffect(
    () => () => {
      if (current.current) synthesis?.cancel();
    },
    [synthesis],
  );

  const toggle = useCallback(
    (key: string, text: string) => {
      if (!synthesis) return;
      synthesis.cancel();
      if (speaking === key) {
        current.current = null;
        setSpeaking(null);
        return;
      }
      const utterance = new SpeechSynthesisUtterance(text);
      const done = () => {
        if (current.current !== utterance) return;
        current.current = null;
        setSpeaking(null);
      };
      utterance.addEventListener('end', done);
      utterance.addEventListener('error', done);
      current.current = utterance;
      setSpeaking(key);
      synthesis.speak(utterance);
    },
    [synthesis, speaking],
  );

  return { supported: synthesis !== null, speaking, toggle };
}
