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
  /** Reads `parts` aloud (stopping whatever was being read), or stops it when `key` is being read. */
  toggle: (key: string, parts: readonly string[]) => void;
}

/** Reads one text at a time with the browser's speechSynthesis; leaving the page stops it. */
export function useReadAloud(): ReadAloud {
  const synthesis = useSynthesis();
  const [speaking, setSpeaking] = useState<string | null>(null);
  // The last utterance of what is being read. cancel() ends the previous one with an event that arrives
  // later: only the current one's end counts.
  const current = useRef<SpeechSynthesisUtterance | null>(null);

  useEffect(
    () => () => {
      if (current.current) synthesis?.cancel();
    },
    [synthesis],
  );

  const toggle = useCallback(
    (key: string, parts: readonly string[]) => {
      if (!synthesis) return;
      synthesis.cancel();
      if (speaking === key || parts.length === 0) {
        current.current = null;
        setSpeaking(null);
        return;
      }
      // One utterance per part, queued: Chromium cuts a long utterance off after about 15 seconds.
      const utterances = parts.map((part) => new SpeechSynthesisUtterance(part));
      const last = utterances.at(-1)!;
      const done = () => {
        if (current.current !== last) return;
        current.current = null;
        setSpeaking(null);
      };
      last.addEventListener('end', done);
      // A part that fails ends the reading (cancel() fails the one being spoken, and drops the rest).
      for (const utterance of utterances) utterance.addEventListener('error', done);
      current.current = last;
      setSpeaking(key);
      for (const utterance of utterances) synthesis.speak(utterance);
    },
    [synthesis, speaking],
  );

  return { supported: synthesis !== null, speaking, toggle };
}
