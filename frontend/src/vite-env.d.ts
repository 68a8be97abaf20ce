/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The practitioner the AI persona is modelled on; see shared/config/practitioner.ts. */
  readonly VITE_PRACTITIONER_NAME?: string;
  /** The videos' channel, photo-sharing and blog addresses; see shared/config/channels.ts. */
  readonly VITE_VIDEO_CHANNEL_URL?: string;
  readonly VITE_PHOTO_SHARING_URL?: string;
  readonly VITE_BLOG_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
