import { PagePreparing } from '../../shared/ui/PagePreparing';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SessionConfirmedRoute() {
  return (
    <>
      <PageHeader
        title="Session Confirmed"
        intro="This page confirms a booked session once its card payment has gone through."
      />
      <PagePreparing />
    </>
  );
}
