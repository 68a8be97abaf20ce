import { useSearchParams } from '../../../shared/router/hooks';
import { Button } from '../../../shared/ui/Button';
import { useHydrated } from '../../../shared/ui/use-hydrated';
import { useUnsubscribeEmailMutation } from '../api';
import { linkErrorSentence } from '../superseded';
import { listTexts as t } from '../list-texts';
import { IncompleteListLink, ListLinkPanel, listHome } from './ListLinkPanel';

/**
 * /email-unsubscribed?token= (a list e-mail's visible unsubscribe link): unsubscribes after a button press,
 * never on load, so a mail scanner that opens every link unsubscribes nobody. Mail clients use the e-mail's
 * List-Unsubscribe header instead, which POSTs to the API directly.
 */
export function EmailUnsubscribedScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const hydrated = useHydrated();
  const [unsubscribe, result] = useUnsubscribeEmailMutation();

  if (hydrated && !token) {
    return <IncompleteListLink />;
  }
  if (result.isSuccess) {
    return (
      <ListLinkPanel view="done" title={t.unsubscribedTitle} tone="status" actions={listHome}>
        {t.unsubscribedText}
      </ListLinkPanel>
    );
  }
  const press = () => {
    if (token) void unsubscribe({ token });
  };
  const button = (
    <Button variant="primary" onClick={press} disabled={!hydrated || result.isLoading}>
      {result.isError ? t.tryAgain : t.unsubscribeButton}
    </Button>
  );
  if (result.isError) {
    return (
      <ListLinkPanel view="error" title={t.unsubscribeErrorTitle} tone="alert" actions={button}>
        {linkErrorSentence(result.error)}
      </ListLinkPanel>
    );
  }
  return (
    <ListLinkPanel view="ask" title={t.unsubscribeTitle} tone="status" actions={button}>
      {result.isLoading ? t.unsubscribing : t.unsubscribeText}
    </ListLinkPanel>
  );
}
