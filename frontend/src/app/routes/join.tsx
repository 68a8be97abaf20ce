import { JoinScreen } from '../../features/session/join/JoinScreen';
import { joinTexts } from '../../features/session/join/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function JoinRoute() {
  return (
    <>
      <PageHeader title={joinTexts.pageTitle} intro={joinTexts.intro} />
      <JoinScreen />
    </>
  );
}
