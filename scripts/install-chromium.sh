#!/usr/bin/env bash
# Installs the Debian package `chromium` for the HTML test (tests/html_chromium_test.py) when it
# is missing; the CTest fixture html.chromium.setup runs it. Never fails: without root or sudo
# it says why, and the HTML test then skips itself with that reason.
set -uo pipefail
for browser in chromium chromium-browser; do
  command -v "$browser" >/dev/null 2>&1 && exit 0
done
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1 || ! sudo -n true 2>/dev/null; then
    echo "chromium is missing and cannot be installed here (not root, no password-less sudo)" >&2
    exit 0
  fi
  sudo="sudo -n"
fi
echo "installing chromium (for the HTML test)" >&2
export DEBIAN_FRONTEND=noninteractive
if ! $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null 2>&1; then
  $sudo apt-get update -qq >/dev/null 2>&1
  $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null 2>&1 ||
    echo "installing chromium failed" >&2
fi
exit 0
