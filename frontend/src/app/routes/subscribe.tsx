import { SubscribeScreen } from '../../features/subscription/subscribe/SubscribeScreen';
import { usePaymentsConfigQuery } from '../../shared/api/payments-config';
import { texts } from '../../shared/payments/texts';
import { priceLabel } from '../../shared/config/prices';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SubscribeRoute() {
  // The same answer the screen below reads (one request): with payments off, no "card details" are asked for.
  const config = usePaymentsConfigQuery();
  const price = priceLabel('subscription');
  const intro = config.isError ? texts.subscribe.introWhileOff(price) : texts.subscribe.intro(price);
  return (
    <>
      <PageHeader title={texts.subscribe.pageTitle} intro={intro} />
      <SubscribeScreen />
    </>
  );
}
