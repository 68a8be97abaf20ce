import { VideoLibrary } from '../../features/videos/components/VideoLibrary';
import { texts } from '../../features/videos/texts';
import { QueryBar } from '../../shared/ai/QueryBar';
import { CrisisBanner } from '../../shared/crisis/CrisisBanner';
import { PageHeader } from '../../shared/ui/PageHeader';
import styles from './routes.module.css';

export function VideosRoute() {
  return (
    <>
      <CrisisBanner />
      <PageHeader title={texts.pageTitle} intro={texts.intro} />
      <VideoLibrary />
      <section aria-label="Ask about a video topic" className={styles.askSection}>
        <QueryBar />
      </section>
    </>
  );
}
