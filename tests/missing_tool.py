# SPDX-License-Identifier: MIT
"""What a test does when a tool it needs is missing. scripts/install-deps.sh installs every tool
the tests use, so under CI (which sets CI=true) a missing one is a broken set-up and the test
fails; elsewhere the test may skip that part, saying why and how to install it."""
import os


def in_ci():
    return os.environ.get("CI", "") not in ("", "0", "false")


def missing(what, package):
    """Reports that `what` is missing (`package` installs it). Returns the failure to report
    under CI, or None after printing the reason for skipping elsewhere."""
    reason = f"{what} is not installed (Debian package {package}; scripts/install-deps.sh installs it)"
    if in_ci():
        return f"{reason}: CI is set, so this is a failure, not a skip"
    print(f"SKIPPED: {reason}")
    return None
