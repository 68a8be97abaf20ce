import { ManageBookingScreen } from '../../features/payments/manage/ManageBookingScreen';
import { manageTexts } from '../../features/payments/manage/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function ManageBookingRoute() {
  return (
    <>
      <PageHeader title={manageTexts.pageTitle} intro={manageTexts.intro} />
      <ManageBookingScreen />
    </>
  );
}
