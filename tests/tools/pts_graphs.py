#!/usr/bin/python3
"""Have the real PTS draw the result-graphs folder of composite.xml files, as it did when it
saved a result, and check that iosr reads each folder to the values of its composite.xml.

Not a ctest: it needs PTS checkouts of old tags and runs PHP. The folders it made that became
fixtures are checked by ctest (tests/pts_graphs_test.py, tests/fixtures/SOURCES.md,
"pts-graphs/").

  tests/tools/pts_graphs.py render OUT_DIR [--pts-root /tmp/g] [--versions v8.6.1,...] XML...
  tests/tools/pts_graphs.py check  OUT_DIR [--iosr build/dev/apps/iosr]

`render` stages each XML as a saved result in a PTS user directory of the version's own
(PTS_USER_PATH_OVERRIDE=OUT_DIR/.user-TAG/: each version writes its own graph-config.json)
and runs `phoronix-test-suite refresh-graphs NAME` with PTS_ROOT/pts-TAG, the command that
redraws what PTS drew when it saved a result (PTS 8.6.1 to 10.0.0 have it; older versions
call the same function on save, and have the command too from 5.0). It writes
OUT_DIR/TAG/NAME/composite.xml and OUT_DIR/TAG/NAME/result-graphs/, and what PTS printed in
OUT_DIR/TAG/NAME.log.

`check` runs the pairs through tests/pts_graphs_test.py's comparison: each folder read by
`iosr convert --to json` against its composite.xml read by iosr.
"""
import argparse
import os
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# PTS before 7.8 does not run under PHP 8 (__autoload); 10.2 and later have no refresh-graphs.
VERSIONS = "v7.8.0 v8.0.0 v8.6.1 v9.0.0 v9.6.1 v10.0.0".split()
DAEMON_RESULTS = "/var/lib/phoronix-test-suite/test-results"


def render(args):
    versions = args.versions.split(",") if args.versions else VERSIONS
    for tag in versions:
        pts = os.path.join(args.pts_root, "pts-" + tag)
        if not os.path.isfile(os.path.join(pts, "phoronix-test-suite")):
            sys.exit(f"no PTS checkout at {pts} (git worktree add {pts} {tag})")
        user = os.path.abspath(os.path.join(args.out, ".user-" + tag))
        os.makedirs(os.path.join(user, "test-results"), exist_ok=True)
        for xml in args.xml:
            name = os.path.basename(xml)[: -len(".xml")] if xml.endswith(".xml") else \
                os.path.basename(os.path.dirname(os.path.abspath(xml)))
            staged = "iosr-graphs-" + "".join(c if c.isalnum() else "-" for c in name.lower())
            # PTS 8.6 and later keep results under the overridden user directory; earlier ones
            # where their configuration says (a daemon's /var/lib/phoronix-test-suite when root).
            places = [os.path.join(user, "test-results", staged),
                      os.path.join(DAEMON_RESULTS, staged)]
            for saved in places:
                shutil.rmtree(saved, ignore_errors=True)
                os.makedirs(saved)
                shutil.copy(xml, os.path.join(saved, "composite.xml"))
            env = dict(os.environ, PTS_USER_PATH_OVERRIDE=user + "/", NO_COLOR="1",
                       PTS_IGNORE_MODULES="1", PTS_SILENT_MODE="1", DISPLAY="")
            run = subprocess.run([os.path.join(pts, "phoronix-test-suite"), "refresh-graphs",
                                  staged], env=env, stdin=subprocess.DEVNULL, cwd=pts,
                                 capture_output=True, text=True, timeout=600)
            out = os.path.join(args.out, tag, name)
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            with open(out + ".log", "w") as log:
                log.write(run.stdout + run.stderr)
            shutil.copy(xml, os.path.join(out, "composite.xml"))
            count = 0
            for saved in places:
                graphs = os.path.join(saved, "result-graphs")
                if count == 0 and os.path.isdir(graphs) and os.listdir(graphs):
                    shutil.copytree(graphs, os.path.join(out, "result-graphs"))
                    count = len(os.listdir(graphs))
                shutil.rmtree(saved, ignore_errors=True)
            print(f"{tag} {name}: {count} graphs (status {run.returncode})")


def check(args):
    test = os.path.join(REPO, "tests", "pts_graphs_test.py")
    folders = []
    for tag in sorted(os.listdir(args.out)):
        if tag.startswith("."):
            continue
        for name in sorted(os.listdir(os.path.join(args.out, tag))):
            folder = os.path.join(args.out, tag, name)
            if os.path.isdir(os.path.join(folder, "result-graphs")):
                folders.append(folder)
    sys.exit(subprocess.call([sys.executable, test, args.iosr] + folders))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("render")
    r.add_argument("out")
    r.add_argument("xml", nargs="+")
    r.add_argument("--pts-root", default="/tmp/g")
    r.add_argument("--versions")
    c = sub.add_parser("check")
    c.add_argument("out")
    c.add_argument("--iosr", default=os.path.join(REPO, "build/dev/apps/iosr"))
    args = parser.parse_args()
    (render if args.command == "render" else check)(args)


if __name__ == "__main__":
    main()
