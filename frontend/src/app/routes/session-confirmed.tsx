import { SessionConfirmedScreen } from '../../features/payments/confirmation/SessionConfirmedScreen';
import { texts } from '../../features/payments/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SessionConfirmedRoute() {
  return (
    <>
      <PageHeader title={texts.sessionConfirmed.pageTitle} intro={texts.sessionConfirmed.intro} />
      <SessionConfirmedScreen />
    </>
  );
}
