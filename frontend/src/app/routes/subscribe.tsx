import { PRACTITIONER_NAME } from '../../shared/config/practitioner';
import { priceLabel } from '../../shared/config/prices';
import { PagePreparing } from '../../shared/ui/PagePreparing';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SubscribeRoute() {
  return (
    <>
      <PageHeader
        title="Monthly Subscription"
        intro={`Unlimited access to ${PRACTITIONER_NAME}'s AI for ${priceLabel('subscription')} a month: enter your e-mail, then your card details.`}
      />
      <PagePreparing />
    </>
  );
}
