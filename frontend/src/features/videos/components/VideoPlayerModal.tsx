import type { Video } from '@hhp/proto';
import { Modal } from 'antd';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { VideoPlayer } from './VideoPlayer';
import styles from './videos.module.css';

interface Props {
  video: Video | null;
  open: boolean;
  onClose: () => void;
  /** Clears the video only once the closing animation has finished, so the dialog does not go blank. */
  afterClose: () => void;
}

/** destroyOnHidden unmounts the player on close, which also stops playback. A lazy chunk (AntdPart.tsx). */
export function VideoPlayerModal({ video, open, onClose, afterClose }: Props) {
  return (
    <AntdScope>
      <Modal
        open={open && video !== null}
        title={video?.title}
        // The close button sits over the header's end: the title wraps before it (issue 27, point 8).
        classNames={{ title: styles.modalTitle }}
        onCancel={onClose}
        afterClose={afterClose}
        footer={null}
        width={860}
        centered
        destroyOnHidden
      >
        {video && (
          <>
            <VideoPlayer video={video} />
            {video.description && <p className={styles.modalDescription}>{video.description}</p>}
          </>
        )}
      </Modal>
    </AntdScope>
  );
}
