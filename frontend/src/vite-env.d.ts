/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The practitioner the AI persona is modelled on; see shared/config/practitioner.ts. */
  readonly VITE_PRACTITIONER_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
