import { PagePreparing } from '../../shared/ui/PagePreparing';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SubscriptionConfirmedRoute() {
  return (
    <>
      <PageHeader
        title="Subscription Confirmed"
        intro="This page confirms a completed monthly subscription once its payment has gone through."
      />
      <PagePreparing />
    </>
  );
}
