import { useCallback, useRef } from 'react';
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
export function useCrisisCheck() {
  const dispatch = useDispatch();
  const [detectCrisis] = useDetectCrisisMutation();
  // Raise on the change from "no match" to "match" only, so closing the banner is not undone by the next key.
  const matched = useRef(false);

  const onTyped = useCallback(
    (text: string) => {
      const matches = looksLikeCrisis(text);
      if (matches && !matched.current) dispatch(crisisRaised('typing'));
      matched.current = matches;
    },
    [dispatch],
  );

  const onSubmitted = useCallback(
    (query: string): Promise<boolean | undefined> => {
      if (!looksLikeCrisis(query)) return Promise.resolve(undefined);
      return (
        detectCrisis({ query })
          .unwrap()
          .then((verdict) => {
            if (verdict.isCrisis) dispatch(crisisRaised('server'));
            return verdict.isCrisis;
          })
          // The banner is already up from the local match; a failed second opinion changes nothing.
          .catch(() => undefined)
      );
    },
    [detectCrisis, dispatch],
  );

  const onVerdict = useCallback(
    (isCrisis: boolean) => {
      if (isCrisis) dispatch(crisisRaised('server'));
    },
    [dispatch],
  );

  return { onTyped, onSubmitted, onVerdict };
}
