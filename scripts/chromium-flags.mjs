// The flags every Chromium this project starts gets (the browser tests, the bench's Lighthouse and rules
// search): it runs as root on a machine without the outside network, so no sandbox, no GPU, and none
// of Chromium's own background fetches, whose refused connections would otherwise pile up.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
