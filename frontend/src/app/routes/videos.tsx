import { VideoLibrary } from '../../features/videos/components/VideoLibrary';
import { texts } from '../../features/videos/texts';
import { PageHeader } from '../../shared/ui/PageHeader';

export function VideosRoute() {
  return (
    <>
      <PageHeader title={texts.pageTitle} intro={texts.intro} />
      <VideoLibrary />
    </>
  );
}
