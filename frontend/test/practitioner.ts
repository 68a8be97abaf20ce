// The unit tests' stand-in for shared/config/practitioner.ts (jest.config.js): the build's default name.
export const PRACTITIONER_NAME = 'Dr. Helen';
