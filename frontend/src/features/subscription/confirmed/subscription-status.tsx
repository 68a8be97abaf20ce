import { Button } from '../../../shared/ui/Button';
import { texts } from '../../../shared/payments/texts';
import { askingStatus, goTo, isAsking, type Ask, type PageStatus } from '../../../shared/payments/ui/StatusPage';
import { ManageSubscriptionButton } from '../sign-in/ManageSubscriptionButton';
import type { SubscriptionView } from './subscription-outcome';

const t = texts.subscriptionConfirmed;

function renewalDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

interface Context extends Ask {
  /** The paid period's end, when payments says it. */
  renewsOn?: string;
  /** The page has stopped asking by itself. */
  exhausted: boolean;
  checkAgain: () => void;
  openChat: () => void;
}

/** What /subscription-confirmed shows for each of payments' answers. */
export function subscriptionStatus(view: SubscriptionView, c: Context): PageStatus {
  if (isAsking(view)) return askingStatus(view, t.asking, c);
  const subscribe = goTo('/subscribe', t.subscribe);
  switch (view) {
    case 'active':
      return {
        type: 'success',
        title: t.activeTitle,
        body: [t.activeText, c.renewsOn && t.renews(renewalDate(c.renewsOn))],
        actions: (
          <>
            <Button variant="primary" onClick={c.openChat}>
              {t.openChat}
            </Button>
            <ManageSubscriptionButton />
          </>
        ),
      };
    case 'waiting':
      return {
        type: 'info',
        title: t.waitingTitle,
        body: [c.exhausted ? t.slowText : t.waitingText],
        actions: c.exhausted && <Button onClick={c.checkAgain}>{t.checkAgain}</Button>,
      };
    case 'none':
      return { type: 'info', title: t.noneTitle, body: [t.noneText], actions: subscribe };
    case 'ended':
      return { type: 'warning', title: t.endedTitle, body: [t.endedText], actions: subscribe };
  }
}
