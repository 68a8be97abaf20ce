import { Navigate, useSearchParams } from 'react-router';
import { PagePreparing } from '../../shared/ui/PagePreparing';
import { PageHeader } from '../../shared/ui/PageHeader';

/** The specification: without a sessionId, checkout sends the visitor back to booking. */
export function CheckoutRoute() {
  const [params] = useSearchParams();
  if (!params.get('sessionId')) return <Navigate to="/book" replace />;
  return (
    <>
      <PageHeader title="Checkout" intro="Review your booked session and pay for it securely by card." />
      <PagePreparing />
    </>
  );
}
