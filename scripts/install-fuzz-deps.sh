#!/usr/bin/env bash
# Installs what the fuzz targets need beyond install-deps.sh: clang 16 and its libFuzzer and
# sanitizer runtimes (Debian 12's default clang 14 cannot compile iosr's C++20 against GCC 12's
# library). Does nothing when they are present. Run as root (or with sudo) on Debian 12.
set -euo pipefail
exec "$(dirname "$0")/install-deps.sh" clang-16 libclang-rt-16-dev
