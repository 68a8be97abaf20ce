import type { Dispatch } from '@reduxjs/toolkit';
import { useEffect, useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { crisisRaised } from './crisis-slice';
import { CRISIS_ANSWER_WAIT_MS, looksLikeCrisis } from './local-check';

/**
 * A visitor in crisis is never left with only an error (or a spinner): when a message that reads as a
 * crisis (the browser's keyword check) gets no answer, because the call failed or is taking too long, the
 * crisis lines show where the answer would have been, and the page's crisis banner is raised and focused.
 *
 * `sent(query, crisisVerdict)` when a message goes, with the crisis service's verdict on it (useCrisisCheck's
 * onSubmitted); `answered()` when its answer arrives; `failed(query)` when the call failed, which says
 * whether the crisis lines took the error's place (if not, show the error as usual).
 */
export interface CrisisFallback {
  sent: (query: string, crisisVerdict: Promise<boolean | undefined>) => void;
  answered: () => void;
  failed: (query: string) => boolean;
  /** Leaving the page: a wait under way ends. */
  dispose: () => void;
}

/** The fallback for one text box, outside React: `setShown` shows (or hides) the crisis lines in the answer's place. */
export function crisisFallback(dispatch: Dispatch, setShown: (shown: boolean) => void): CrisisFallback {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = () => {
    setShown(true);
    dispatch(crisisRaised('unanswered'));
  };
  return {
    sent(query, crisisVerdict) {
      clearTimeout(timer);
      setShown(false);
      if (!looksLikeCrisis(query)) return;
      const waiting = setTimeout(show, CRISIS_ANSWER_WAIT_MS);
      timer = waiting;
      // A keyword is not a crisis ("is turmeric harmful?"): once the crisis service says so, a slow answer
      // is only slow.
      void crisisVerdict.then((isCrisis) => {
        if (isCrisis === false) clearTimeout(waiting);
      });
    },
    answered: () => clearTimeout(timer),
    failed(query) {
      clearTimeout(timer);
      if (!looksLikeCrisis(query)) return false;
      show();
      return true;
    },
    dispose: () => clearTimeout(timer),
  };
}

export function useCrisisFallback() {
  const dispatch = useDispatch();
  const [shown, setShown] = useState(false);
  const fallback = useMemo(() => crisisFallback(dispatch, setShown), [dispatch]);
  useEffect(() => fallback.dispose, [fallback]);
  const { sent, answered, failed } = fallback;
  return { shown, sent, answered, failed };
}
