import { useEffect, useRef } from 'react';
import { useSearchParams } from '../../../shared/router/hooks';
import { Button } from '../../../shared/ui/Button';
import { useHydrated } from '../../../shared/ui/use-hydrated';
import { useConfirmEmailMutation } from '../api';
import { isSupersededLink, linkErrorSentence } from '../superseded';
import { listTexts as t } from '../list-texts';
import { IncompleteListLink, ListLinkPanel, listHome } from './ListLinkPanel';

/**
 * /email-confirmed?token= (the double opt-in e-mail's link): confirms the address on load. Confirming is
 * idempotent, so a second visit (or StrictMode's second effect) is harmless, but it is asked once per token.
 */
export function EmailConfirmedScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const hydrated = useHydrated();
  const [confirm, result] = useConfirmEmailMutation();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!hydrated || !token || asked.current === token) return;
    asked.current = token;
    void confirm({ token });
  }, [hydrated, token, confirm]);

  if (!hydrated || (token && (result.isUninitialized || result.isLoading))) {
    return (
      <ListLinkPanel view="loading" title={t.confirmedPageTitle} tone="status">
        {hydrated ? t.confirming : t.checking}
      </ListLinkPanel>
    );
  }
  if (!token) {
    return <IncompleteListLink />;
  }
  if (result.isError && isSupersededLink(result.error)) {
    return (
      <ListLinkPanel view="superseded" title={t.supersededTitle} tone="alert" actions={listHome}>
        {t.supersededText}
      </ListLinkPanel>
    );
  }
  if (result.isError) {
    return (
      <ListLinkPanel
        view="error"
        title={t.confirmErrorTitle}
        tone="alert"
        actions={
          <>
            <Button onClick={() => void confirm({ token })}>{t.tryAgain}</Button>
            {listHome}
          </>
        }
      >
        {linkErrorSentence(result.error)}
      </ListLinkPanel>
    );
  }
  return (
    <ListLinkPanel view="confirmed" title={t.confirmedTitle} tone="status" actions={listHome}>
      {t.confirmedText(result.data!.email)}
    </ListLinkPanel>
  );
}
