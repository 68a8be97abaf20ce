import { SubscriptionConfirmedScreen } from '../../features/subscription/confirmed/SubscriptionConfirmedScreen';
import { texts } from '../../shared/payments/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SubscriptionConfirmedRoute() {
  return (
    <>
      <PageHeader title={texts.subscriptionConfirmed.pageTitle} intro={texts.subscriptionConfirmed.intro} />
      <SubscriptionConfirmedScreen />
    </>
  );
}
