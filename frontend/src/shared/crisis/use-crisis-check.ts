import type { Dispatch } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { useDetectCrisisMutation } from './api';
import { crisisRaised } from './crisis-slice';
import { looksLikeCrisis } from './local-check';

/**
 * What every text box that talks to the AI does about a crisis (specification, sections 4 and 5):
 * - `onTyped`: the browser's keyword list, on every change; a new match shows the banner at once, before
 *   anything is sent.
 * - `onSubmitted`: a keyword match also asks the crisis service; its verdict can raise the banner too. The
 *   promise holds that verdict (undefined when there was no match or no answer).
 * - `onVerdict`: an answer from /api/query-ai that says isCrisis raises it.
 */
export interface CrisisCheck {
  onTyped: (text: string) => void;
  onSubmitted: (query: string) => Promise<boolean | undefined>;
  onVerdict: (isCrisis: boolean) => void;
}

/** The check for one text box, outside React: `detect` asks the crisis service (POST /api/detect-crisis). */
export function crisisCheck(
  dispatch: Dispatch,
  detect: (query: string) => Promise<{ isCrisis: boolean }>,
): CrisisCheck {
  // Raise on the change from "no match" to "match" only, so closing the banner is not undone by the next key.
  let matched = false;
  return {
    onTyped(text) {
      const matches = looksLikeCrisis(text);
      if (matches && !matched) dispatch(crisisRaised('typing'));
      matched = matches;
    },
    onSubmitted(query) {
      if (!looksLikeCrisis(query)) return Promise.resolve(undefined);
      return (
        detect(query)
          .then((verdict) => {
            if (verdict.isCrisis) dispatch(crisisRaised('server'));
            return verdict.isCrisis;
          })
          // The banner is already up from the local match; a failed second opinion changes nothing.
          .catch(() => undefined)
      );
    },
    onVerdict(isCrisis) {
      if (isCrisis) dispatch(crisisRaised('server'));
    },
  };
}

export function useCrisisCheck(): CrisisCheck {
  const dispatch = useDispatch();
  const [detectCrisis] = useDetectCrisisMutation();
  return useMemo(() => crisisCheck(dispatch, (query) => detectCrisis({ query }).unwrap()), [dispatch, detectCrisis]);
}
