// How both browser suites start Debian's Chromium: the binary and the
// flags that work on these machines (headless, no sandbox as root, no
// GPU, no background traffic).
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
