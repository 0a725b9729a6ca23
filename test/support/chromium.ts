/**
 * Flags for Debian's Chromium started by hand or by Playwright here (TOOLCHAIN.md "Web facts"): no
 * sandbox (root in a container), no GPU, and none of the background traffic an offline machine cannot
 * answer; host look-ups outside loopback fail at once instead of waiting on DNS.
 */
export const CHROMIUM_FLAGS: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
