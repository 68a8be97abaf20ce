/** The practitioner's name, PRACTITIONER_NAME at build time (frontend/vite.config.ts: the services' setting). */
export const PRACTITIONER_NAME: string = import.meta.env.PRACTITIONER_NAME;
