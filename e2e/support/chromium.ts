// How the e2e tests run Debian's Chromium (no browser downloads here): the binary and the flags every spec
// uses; a spec that needs more (a fake microphone) adds to them.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
