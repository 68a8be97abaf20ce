// The zod-free catalogue module: importing the package root would pull every schema (and zod) into the bundle.
import { DEFAULT_PRACTITIONER_NAME } from '@hhp/proto/catalogue/practitioner';

/** Set at build time with VITE_PRACTITIONER_NAME; a blank value falls back to the catalogue's default. */
export const PRACTITIONER_NAME: string = import.meta.env.VITE_PRACTITIONER_NAME?.trim() || DEFAULT_PRACTITIONER_NAME;
