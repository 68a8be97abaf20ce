import { JoinScreen } from '../../features/payments/join/JoinScreen';
import { joinTexts } from '../../features/payments/join/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function JoinRoute() {
  return (
    <>
      <PageHeader title={joinTexts.pageTitle} intro={joinTexts.intro} />
      <JoinScreen />
    </>
  );
}
