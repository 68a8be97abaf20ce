import { PagePreparing } from '../../shared/ui/PagePreparing';
import { PageHeader } from '../../shared/ui/PageHeader';

export function TreatmentsRoute() {
  return (
    <>
      <PageHeader
        title="Treatment Modalities"
        intro="Read how Ayurveda, Chiropractic, NAET, LifeVessel, LifeWave and food as medicine approach the body, and what each may offer you."
      />
      <PagePreparing />
    </>
  );
}
