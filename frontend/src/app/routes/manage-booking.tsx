import { ManageBookingScreen } from '../../features/session/manage/ManageBookingScreen';
import { manageTexts } from '../../features/session/manage/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function ManageBookingRoute() {
  return (
    <>
      <PageHeader title={manageTexts.pageTitle} intro={manageTexts.intro} />
      <ManageBookingScreen />
    </>
  );
}
