import { CheckoutScreen } from '../../features/checkout/CheckoutScreen';
import { texts } from '../../shared/payments/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

/** Without a sessionId, or with one the booking service does not know, checkout sends the visitor back to /book. */
export function CheckoutRoute() {
  return (
    <>
      <PageHeader title={texts.checkout.pageTitle} intro={texts.checkout.intro} />
      <CheckoutScreen />
    </>
  );
}
