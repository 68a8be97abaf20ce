import { SubscribeScreen } from '../../features/subscription/subscribe/SubscribeScreen';
import { texts } from '../../shared/payments/texts';
import { priceLabel } from '../../shared/config/prices';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SubscribeRoute() {
  return (
    <>
      <PageHeader title={texts.subscribe.pageTitle} intro={texts.subscribe.intro(priceLabel('subscription'))} />
      <SubscribeScreen />
    </>
  );
}
