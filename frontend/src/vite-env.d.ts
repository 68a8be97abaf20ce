/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The practitioner the AI persona is modelled on: PRACTITIONER_NAME, set by vite.config.ts (portalSettings). */
  readonly PRACTITIONER_NAME: string;
  /** The videos' channel, photo-sharing and blog addresses; see shared/config/channels.ts. */
  readonly VITE_VIDEO_CHANNEL_URL?: string;
  readonly VITE_PHOTO_SHARING_URL?: string;
  readonly VITE_BLOG_URL?: string;
  /** The support address the payment screens name: SUPPORT_EMAIL, set by vite.config.ts (portalSettings). */
  readonly SUPPORT_EMAIL: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
