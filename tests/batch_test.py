#!/usr/bin/env python3
"""End-to-end checks of batch conversion: directories, tar.gz and zip archives (libarchive
loaded, not linked), a broken member among good ones, unsafe member names and links, the archive
limits (zip bombs, members over input-bytes, nested archives), the same bytes whatever --jobs,
the progress bar only on a terminal, no leftovers after SIGTERM, resuming a killed batch with
--skip-existing, and archives on standard input read as named ones, by every command. Archives
are built here from the fixtures.
Usage: batch_test.py IOSR DATA_DIR FIXTURES_DIR"""
import base64
import csv
import bz2
import glob
import gzip
import io
import json
import lzma
import os
import quopri
import pty
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

IOSR, DATA, FIXTURES = sys.argv[1:4]
SEED = sorted(glob.glob(os.path.join(DATA, "text", "*.txt")))[0]          # 260 entries
OSBENCH = os.path.join(FIXTURES, "corpus", "xml", "pts-10.8.4_osbench_base-vs-fwrapv.xml")
QUIRKS = os.path.join(FIXTURES, "samples", "quirks.xml")
BROKEN = b"FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\na ..... 12.3.4 |====\n"
failures = []


def run(*args, cwd=None):
    p = subprocess.run([IOSR, *args], capture_output=True, cwd=cwd)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def unlinked(path):
    """`path` removed: the report is refused where a file exists (the overwrite rule)."""
    if os.path.lexists(path):
        os.remove(path)
    return path


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"{name}: {detail}")


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def files_under(root):
    return sorted(os.path.relpath(os.path.join(d, n), root) for d, _, names in os.walk(root) for n in names)


def make_tree(root):
    """Two result files in sub-directories, one broken, one that is not a result file."""
    os.makedirs(os.path.join(root, "run1"))
    os.makedirs(os.path.join(root, "notes", "old"))
    shutil.copy(OSBENCH, os.path.join(root, "run1", "composite.xml"))
    shutil.copy(SEED, os.path.join(root, "notes", "old", "seed.txt"))
    with open(os.path.join(root, "notes", "broken.txt"), "wb") as f:
        f.write(BROKEN)
    with open(os.path.join(root, "README"), "w") as f:
        f.write("my benchmark notes\n")


def start_held(args, folder, first_output, stderr=subprocess.DEVNULL):
    """Starts `iosr ARGS` where ARGS name the FIFO `folder`/slow-input, which holds the batch
    still after the inputs before it, and returns once `first_output` is written, mid-run."""
    os.mkfifo(os.path.join(folder, "slow-input"))
    p = subprocess.Popen([IOSR, *args], stdout=subprocess.DEVNULL, stderr=stderr)
    deadline = time.time() + 10
    while not os.path.exists(first_output) and time.time() < deadline:
        time.sleep(0.02)
    return p


def add_bytes(tar, name, data, **fields):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    for k, v in fields.items():
        setattr(info, k, v)
    tar.addfile(info, io.BytesIO(data))


with open(OSBENCH, "rb") as f:
    osbench = f.read()
with open(SEED, "rb") as f:
    seed = f.read()

with tempfile.TemporaryDirectory() as tmp:
    tree = os.path.join(tmp, "results")
    make_tree(tree)

    # A directory: walked recursively, result files by content, outputs mirror the tree.
    out = os.path.join(tmp, "out-dir")
    report = os.path.join(tmp, "report.json")
    rc, _, err = run("convert", tree, "--to", "json", "--out-dir", out, "--report", unlinked(report))
    check("a broken file makes exit 1", rc == 1, (rc, err))
    check("outputs mirror the relative paths", files_under(out) == ["notes/old/seed.json", "run1/composite.json"],
          files_under(out))
    check("the summary counts converted, failed and skipped",
          "converted 2 files (270 entries); 1 failed, 1 skipped" in err, err)
    check("the failure is named file:line:col", f"{os.path.join(tree, 'notes', 'broken.txt')}:4:9: value '12.3.4'" in err, err)
    rep = json.load(open(report))
    check("the report has the counts", (rep["converted"], rep["entries"], rep["failed"], rep["skipped"]) == (2, 270, 1, 1), rep)
    check("the report names the failure with its position",
          rep["failures"][0]["file"].endswith("broken.txt") and rep["failures"][0]["line"] == 4
          and rep["failures"][0]["column"] == 9, rep["failures"])
    check("the report names the skipped file", rep["skipped_files"] == [{"file": os.path.join(tree, "README"),
                                                                        "reason": "not a result file"}], rep)
    check("the report lists no warnings for files that read cleanly",
          rep["warnings"] == 0 and rep["warning_list"] == [], rep)
    rc, show, _ = run("show", os.path.join(out, "run1", "composite.json"))
    check("a written output reads back", rc == 0 and "5 charts" in show, show[:300])

    # A mail in quoted-printable among the inputs: read, and the decoding listed in the report.
    mails = os.path.join(tmp, "mails")
    os.makedirs(mails)
    with open(os.path.join(mails, "reply.eml"), "wb") as f:
        f.write(b"MIME-Version: 1.0\nContent-Type: text/plain\n"
                b"Content-Transfer-Encoding: quoted-printable\n\n" + quopri.encodestring(osbench))
    mail_report = os.path.join(tmp, "mail-report.json")
    rc, _, err = run("convert", mails, "--combine", os.path.join(tmp, "mails.csv"),
                     "--report", unlinked(mail_report))
    check("a quoted-printable mail in a directory converts", rc == 0 and "converted 1 file (10 entries)" in err, err)
    rep = json.load(open(mail_report))
    check("the report lists what was decoded, with its position",
          rep["warnings"] == 1 and rep["warning_list"][0]["message"] == "quoted-printable decoded"
          and rep["warning_list"][0]["line"] == 3, rep)
    rc, _, err = run("convert", tree, "--to", "json", "--out-dir", out)
    check("existing outputs are kept and counted as existing, not failed",
          rc == 1 and "1 failed, 1 skipped, 2 skipped (exist; --force replaces them)" in err, err)

    # An output directory inside the input directory: its outputs are not read back as inputs.
    inner = os.path.join(tree, "converted")
    for attempt in (1, 2):
        rc, _, err = run("convert", tree, "--to", "json", "--out-dir", inner, "--force")
        check(f"--out-dir inside the input, run {attempt}: its files are no inputs",
              "converted 2 files (270 entries); 1 failed, 1 skipped" in err, err)
    shutil.rmtree(inner)

    # tar.gz and zip, read directly; the file column names the member.
    tgz = os.path.join(tmp, "results.tar.gz")
    with tarfile.open(tgz, "w:gz") as tar:
        add_bytes(tar, "run1/composite.xml", osbench)
        add_bytes(tar, "run2/broken.txt", BROKEN)
        add_bytes(tar, "run3/seed.txt", seed)
        add_bytes(tar, "run3/photo.png", b"\x89PNG\r\n\x1a\n" + bytes(100))
    zipped = os.path.join(tmp, "results.zip")
    with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a/composite.xml", osbench)
        z.writestr("b/seed.txt", seed)
    combined = os.path.join(tmp, "all.csv")
    rc, _, err = run("convert", tgz, zipped, "--combine", combined)
    rows = read_csv(combined)
    check("archives: the broken member fails the run", rc == 1 and f"{tgz}:run2/broken.txt:4:9:" in err, err)
    check("archives: the others are converted", "converted 4 files (540 entries); 1 failed, 1 skipped" in err, err)
    check("archives: one row per entry, in input order",
          [r["file"] for r in rows] == [f"{tgz}:run1/composite.xml"] * 10 + [f"{tgz}:run3/seed.txt"] * 260
          + [f"{zipped}:a/composite.xml"] * 10 + [f"{zipped}:b/seed.txt"] * 260,
          sorted({r["file"] for r in rows}))
    # libarchive is loaded for the archives above, never linked: the other runs do not load it.
    ldd = subprocess.run(["ldd", IOSR], capture_output=True, text=True).stdout
    check("iosr does not link libarchive", "libarchive" not in ldd, ldd)
    jsonl = os.path.join(tmp, "all.jsonl")
    rc, _, err = run("convert", tgz, zipped, "--combine", jsonl)
    objects = [json.loads(line) for line in open(jsonl, encoding="utf-8")]
    columns = list(rows[0])
    check("JSONL: one object per CSV row, the same columns (and samples_text) and text",
          len(objects) == len(rows)
          and list(objects[0]) == columns[:13] + ["samples_text"] + columns[13:]
          and all(o["value"] == (r["value"] or None) and o["samples_text"] == (r["samples"] or None)
                  for o, r in zip(objects, rows)), objects[:1])
    rc, _, err = run("convert", zipped, "--combine", combined)
    check("--combine does not overwrite without --force", rc == 1 and "use --force" in err, err)
    out = os.path.join(tmp, "out-archive")
    rc, _, err = run("convert", tgz, "--to", "csv", "--out-dir", out)
    check("a named archive's members go to the top of --out-dir",
          files_under(out) == ["run1/composite.csv", "run3/seed.csv"], files_under(out))

    # Member names that could leave the output directory, and links.
    outside = os.path.join(tmp, "outside")
    os.makedirs(outside)
    evil = os.path.join(tmp, "evil.tar")
    with tarfile.open(evil, "w") as tar:
        add_bytes(tar, "../escaped.xml", osbench)
        add_bytes(tar, "../../outside/escaped2.xml", osbench)
        add_bytes(tar, outside + "/absolute.xml", osbench)
        add_bytes(tar, "link", b"", type=tarfile.SYMTYPE, linkname=outside)
        add_bytes(tar, "link/through.xml", osbench)
        add_bytes(tar, "hard.xml", b"", type=tarfile.LNKTYPE, linkname="/etc/passwd")
        add_bytes(tar, "./fine/./composite.xml", osbench)
    out = os.path.join(tmp, "safe", "out")
    rc, _, err = run("convert", evil, "--to", "xml", "--out-dir", out)
    check("unsafe members fail the run", rc == 1, (rc, err))
    check("'..' members are refused", err.count("member name with '..'") == 2, err)
    check("absolute members are refused", "absolute member name" in err, err)
    check("links are skipped, never followed", "2 skipped" in err, err)
    check("nothing written outside --out-dir",
          os.listdir(outside) == [] and sorted(os.listdir(tmp)).count("escaped.xml") == 0
          and os.listdir(os.path.join(tmp, "safe")) == ["out"], (os.listdir(outside), os.listdir(tmp)))
    check("safe members are written inside, links made real directories",
          files_under(out) == ["fine/composite.xml", "link/through.xml"], files_under(out))
    # A link already inside the output directory is not written through either.
    out = os.path.join(tmp, "linked")
    os.makedirs(out)
    os.symlink(outside, os.path.join(out, "link"))
    rc, _, err = run("convert", evil, "--to", "xml", "--out-dir", out)
    check("an existing link in --out-dir is not written through",
          os.listdir(outside) == [] and "is a link; not written through it" in err, (os.listdir(outside), err))
    zipped_evil = os.path.join(tmp, "evil.zip")
    with zipfile.ZipFile(zipped_evil, "w") as z:
        z.writestr("../zip-escaped.xml", osbench)
    rc, _, err = run("convert", zipped_evil, "--to", "xml", "--out-dir", os.path.join(tmp, "zout"))
    check("zip: '..' refused", rc == 1 and "member name with '..'" in err and not os.path.exists(
        os.path.join(tmp, "zip-escaped.xml")), err)

    # Archive limits (docs/reliability.md): an archive that expands too far, or too many times
    # its compressed size, stops with an error naming the limit; what it gave before stays
    # converted and the other inputs go on.
    def zeros_member(z, name, megabytes):
        with z.open(name, "w") as f:  # streamed: never the whole member in memory
            for _ in range(megabytes):
                f.write(bytes(1 << 20))

    bomb_tgz = os.path.join(tmp, "bomb.tar.gz")
    with tarfile.open(bomb_tgz, "w:gz") as tar:
        add_bytes(tar, "a/composite.xml", osbench)
        add_bytes(tar, "b/zeros.bin", bytes(3 << 20))
        add_bytes(tar, "c/seed.txt", seed)
    rc, _, err = run("convert", bomb_tgz, OSBENCH, "--limit", "archive-bytes=1M", "--combine", combined,
                     "--force", "--report", unlinked(report))
    rows = read_csv(combined)
    check("archive-bytes: the archive fails by name, with the limit", rc == 1 and
          f"{bomb_tgz}: expanded to more than 1048576 bytes; expected at most 1048576 "
          "(raise the 'archive-bytes' limit)" in err, err)
    check("archive-bytes: the member before is converted, the one after is not read, the other input goes on",
          [r["file"] for r in rows] == [f"{bomb_tgz}:a/composite.xml"] * 10 + [OSBENCH] * 10
          and "converted 2 files (20 entries); 1 failed, 0 skipped" in err, ([r["file"] for r in rows], err))
    rep = json.load(open(report))
    check("archive-bytes: the report lists the archive",
          [f["file"] for f in rep["failures"]] == [bomb_tgz] and "'archive-bytes'" in rep["failures"][0]["message"],
          rep["failures"])

    bomb_zip = os.path.join(tmp, "bomb.zip")
    with zipfile.ZipFile(bomb_zip, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a/composite.xml", osbench)
        zeros_member(z, "b/zeros.bin", 72)  # past the 64 MiB floor, about 1000:1
        z.writestr("c/seed.txt", seed)
    start = time.monotonic()
    rc, _, err = run("convert", bomb_zip, "--combine", combined, "--force")
    seconds = time.monotonic() - start
    check("archive-ratio: a deflate bomb trips the default ratio", rc == 1 and f"{bomb_zip}: expanded " in err
          and "more than 200 times as many; expected at most 200 times (raise the 'archive-ratio' limit)" in err, err)
    check("archive-ratio: the member before is converted", [r["file"] for r in read_csv(combined)]
          == [f"{bomb_zip}:a/composite.xml"] * 10, err)
    check("archive-ratio: stopped within seconds", seconds < 20, seconds)
    rc, _, err = run("convert", bomb_tgz, "--limit", "archive-bytes=4M", "--combine", combined, "--force")
    check("archive-bytes: raised, the zeros are skipped and the rest converted",
          rc == 0 and "converted 2 files (270 entries); 0 failed, 1 skipped" in err, err)

    # A member over input-bytes fails alone; its siblings convert. The rest of it is not kept.
    sized = os.path.join(tmp, "sized.zip")
    with zipfile.ZipFile(sized, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a/composite.xml", osbench)   # 7.7 KB
        z.writestr("b/seed.txt", seed)           # 20 KB
        z.writestr("c/noise.bin", os.urandom(20_000))
        z.writestr("d/composite.xml", osbench)
    rc, _, err = run("convert", sized, "--limit", "input-bytes=16k", "--combine", combined, "--force",
                     "--report", unlinked(report))
    rep = json.load(open(report))
    check("input-bytes: the result file over the limit fails as that member", rc == 1 and
          f"{sized}:b/seed.txt: input is more than 16384 bytes; expected at most that "
          "(raise the 'input-bytes' limit)" in err, err)
    check("input-bytes: its siblings convert; what is no result file is skipped",
          "converted 2 files (20 entries); 1 failed, 1 skipped" in err
          and [s["file"] for s in rep["skipped_files"]] == [f"{sized}:c/noise.bin"], (err, rep))

    # An archive inside an archive is skipped and counted, never expanded.
    inner = io.BytesIO()
    with tarfile.open(fileobj=inner, mode="w:gz") as tar:
        add_bytes(tar, "x/seed.txt", seed)
    nested = os.path.join(tmp, "nested.zip")
    with zipfile.ZipFile(nested, "w") as z:
        z.writestr("old/runs.tar.gz", inner.getvalue())
        z.writestr("a/composite.xml", osbench)
    rc, _, err = run("convert", nested, "--combine", combined, "--force", "--report", unlinked(report))
    rep = json.load(open(report))
    check("a nested archive is skipped, not expanded",
          rc == 0 and "converted 1 file (10 entries); 0 failed, 1 skipped" in err
          and rep["skipped_files"] == [{"file": f"{nested}:old/runs.tar.gz",
                                       "reason": "an archive inside an archive; not expanded"}]
          and "x/seed.txt" not in open(combined).read(), (err, rep))

    # A source tree: XML that is not a PTS result (SVG, XSL, a Maven pom) is skipped as not a
    # result file, not failed; named on the command line, it fails with its root element.
    source = os.path.join(tmp, "source")
    os.makedirs(os.path.join(source, "results", "run"))
    shutil.copy(OSBENCH, os.path.join(source, "results", "run", "composite.xml"))
    others = {"logo.svg": '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>\n',
              "view.xsl": '<?xml version="1.0"?>\n<xsl:stylesheet version="1.0"/>\n',
              "pom.xml": '<?xml version="1.0"?>\n<!-- build -->\n<project><modelVersion>4.0.0</modelVersion></project>\n'}
    for name, text in others.items():
        with open(os.path.join(source, name), "w") as f:
            f.write(text)
    # PTS's own definitions have a <PhoronixTestSuite> root too.
    definitions = {"test-definition.xml": "TestInformation", "results-definition.xml": "ResultsParser",
                   "downloads.xml": "Downloads"}
    os.makedirs(os.path.join(source, "test-profiles", "pts", "fio-2.1.0"))
    for name, first in definitions.items():
        with open(os.path.join(source, "test-profiles", "pts", "fio-2.1.0", name), "w") as f:
            f.write(f'<?xml version="1.0"?>\n<PhoronixTestSuite>\n  <{first}>\n  </{first}>\n</PhoronixTestSuite>\n')
    rc, _, err = run("convert", source, "--combine", os.path.join(tmp, "source-definitions.csv"), "--report", unlinked(report))
    rep = json.load(open(report))
    check("PTS's test, result and download definitions are skipped, not converted as empty results",
          rc == 0 and "converted 1 file (10 entries); 0 failed, 6 skipped" in err
          and sorted(os.path.basename(f["file"]) for f in rep["skipped_files"]) == sorted([*others, *definitions]),
          (rc, err))
    shutil.rmtree(os.path.join(source, "test-profiles"))
    rc, _, err = run("convert", source, "--combine", os.path.join(tmp, "source.csv"), "--report", unlinked(report))
    rep = json.load(open(report))
    check("XML that is not a PTS result is skipped in a directory walk",
          rc == 0 and "converted 1 file (10 entries); 0 failed, 3 skipped" in err
          and sorted(os.path.basename(f["file"]) for f in rep["skipped_files"]) == sorted(others)
          and all(f["reason"] == "not a result file" for f in rep["skipped_files"]), (rc, err))
    rc, _, err = run("convert", os.path.join(source, "logo.svg"), "--combine", os.path.join(tmp, "svg.csv"))
    check("XML that is not a PTS result, named, fails with its root element",
          rc == 1 and "logo.svg:2:1: root element is <svg>; expected <PhoronixTestSuite>" in err, (rc, err))

    # A compressed single file (no tar inside) is the file it holds: named as the user has it,
    # its output named after what it holds; one that holds no result is skipped in a walk and
    # fails when named; an empty one is said, never silently nothing.
    packed = os.path.join(tmp, "packed")
    for folder in ("run", "run2", "run3", "man"):
        os.makedirs(os.path.join(packed, folder))
    with open(OSBENCH, "rb") as f:
        xml_bytes = f.read()
    for name, compress in (("run/composite.xml.gz", gzip.compress), ("run2/composite.xml.bz2", bz2.compress),
                           ("run3/composite.xml.xz", lzma.compress)):
        with open(os.path.join(packed, name), "wb") as f:
            f.write(compress(xml_bytes))
    with open(os.path.join(packed, "man", "tool.1.gz"), "wb") as f:
        f.write(gzip.compress(b".TH TOOL 1\n.SH NAME\ntool \\- does things\n"))
    with open(os.path.join(packed, "empty.gz"), "wb") as f:
        f.write(gzip.compress(b""))
    packed_csv, packed_out = os.path.join(tmp, "packed.csv"), os.path.join(tmp, "packed-out")
    rc, _, err = run("convert", packed, "--combine", packed_csv, "--to", "csv", "--out-dir", packed_out,
                     "--report", unlinked(report))
    rep = json.load(open(report))
    rows = read_csv(packed_csv)
    check("compressed single files are read as the files they hold",
          rc == 0 and "converted 3 files (30 entries); 0 failed, 2 skipped" in err
          and sorted({r["file"] for r in rows}) == [os.path.join(packed, n) for n in
                                                     ("run/composite.xml.gz", "run2/composite.xml.bz2",
                                                      "run3/composite.xml.xz")]
          and files_under(packed_out) == ["run/composite.csv", "run2/composite.csv", "run3/composite.csv"],
          (rc, err, files_under(packed_out)))
    check("a compressed file that holds no result, or nothing, is skipped in a walk, and said",
          sorted((os.path.basename(f["file"]), f["reason"]) for f in rep["skipped_files"])
          == [("empty.gz", "an empty archive or compressed file"), ("tool.1.gz", "not a result file")],
          rep["skipped_files"])
    rc, _, err = run("convert", os.path.join(packed, "man", "tool.1.gz"), os.path.join(packed, "empty.gz"),
                     "--combine", os.path.join(tmp, "named.csv"))
    check("named, they fail and say why",
          rc == 1 and f"{os.path.join(packed, 'man', 'tool.1.gz')}: not a benchmark result" in err
          and f"{os.path.join(packed, 'empty.gz')}: an empty archive or compressed file; expected result files in it" in err,
          err)
    p = subprocess.run([IOSR, "convert", "-", "--to", "csv", "-o", "-"], input=gzip.compress(xml_bytes), capture_output=True)
    check("a compressed file on standard input is read",
          p.returncode == 0 and len(p.stdout.decode().splitlines()) == 11, (p.returncode, p.stderr[:300]))

    # An archive on standard input is told by its first bytes and read as the same archive named
    # is (issue 43, item 3): streamed member by member, what is no result skipped, whatever
    # comes first (an image here) and however large (past the first 64 KiB, whose binary bytes
    # failed it as `-:1:N: binary data`). Every command that reads `-` reads it so: the same
    # outputs as for the named archive, its path read as `-`.
    padding = ("<!-- " + base64.b64encode(os.urandom(100_000)).decode() + " -->\n").encode()
    padded = osbench.replace(b"?>", b"?>\n" + padding, 1)  # compresses to more than 64 KiB
    members = [("image.png", os.urandom(150_000)), ("run/composite.xml", padded),
               ("notes/seed.txt", seed)]
    piped = os.path.join(tmp, "piped")
    os.makedirs(piped)
    forms = {}
    for name, mode in (("a.tar", "w"), ("a.tar.gz", "w:gz"), ("a.tar.xz", "w:xz")):
        forms[name] = os.path.join(piped, name)
        with tarfile.open(forms[name], mode) as t:
            for member, data in members:
                add_bytes(t, member, data)
    forms["a.zip"] = os.path.join(piped, "a.zip")
    with zipfile.ZipFile(forms["a.zip"], "w", zipfile.ZIP_DEFLATED) as z:
        for member, data in members:
            z.writestr(member, data)
    for name, compress in (("composite.xml.gz", gzip.compress), ("composite.xml.xz", lzma.compress)):
        forms[name] = os.path.join(piped, name)
        with open(forms[name], "wb") as f:
            f.write(compress(padded))
    check("the archives on standard input are larger than the first block",
          all(os.path.getsize(p) > 65536 for p in forms.values()),
          {n: os.path.getsize(p) for n, p in forms.items()})

    def piped_and_named(args, path, out_of=None):
        """`iosr ARGS` with `-` given `path` on standard input, and with `path` named: exit codes,
        standard outputs (the named path read as `-`) and errors, and `out_of(tag)` of each."""
        runs = []
        for tag in ("piped", "named"):
            given = [a if a != "@" else ("-" if tag == "piped" else path) for a in args]
            given = [g.replace("@TAG", tag) for g in given]
            with open(path, "rb") as f:
                p = subprocess.run([IOSR, *given], stdin=f if tag == "piped" else subprocess.DEVNULL,
                                   capture_output=True)
            # The named file's path reads `-`, and a merge's time stamp is left out.
            out = re.sub(rb"<LastModified>[^<]*</LastModified>", b"",
                         p.stdout.replace(path.encode(), b"-"))
            err = p.stderr.decode("utf-8", "replace").replace(path, "-")
            runs.append((p.returncode, out, err, out_of(tag) if out_of else None))
        return runs

    def csv_of(tag):
        path = os.path.join(piped, f"{tag}.csv")
        if not os.path.exists(path):
            return b""
        with open(path, "rb") as f:
            return f.read()

    for name, path in forms.items():
        single = not name.startswith("a.")
        (rc, _, err, table), (named_rc, _, named_err, named_table) = piped_and_named(
            ["convert", "@", "--combine", os.path.join(piped, "@TAG.csv"), "--force"], path,
            csv_of)
        expected = ("converted 1 file (10 entries); 0 failed, 0 skipped" if single else
                    "converted 2 files (270 entries); 0 failed, 1 skipped")
        check(f"{name} on standard input: convert reads it as the archive named",
              rc == 0 and expected in err and "binary data" not in err and
              table.replace(path.encode(), b"-") == named_table.replace(path.encode(), b"-") and
              err == named_err, (rc, err[-500:], named_err[-500:]))
        rows = [r["file"] for r in csv.DictReader(io.StringIO(table.decode()))]
        check(f"{name} on standard input: each member is named -:MEMBER",
              sorted(set(rows)) == (["-"] if single else ["-:notes/seed.txt", "-:run/composite.xml"]),
              sorted(set(rows)))
        for args in (["show", "@"], ["compare", "@"], ["table", "@"],
                     ["merge", "@", "-o", "-"], ["db", "import", "--db", os.path.join(piped, "@TAG.db"), "@"]):
            if single and args[0] in ("compare", "merge"):
                args = [args[0], "@", SEED, *args[2:]]
            (rc, out, err, _), (named_rc, named_out, named_err, _) = piped_and_named(args, path)
            # A compressed file's contents are named `stdin` in a comparison's layout (the
            # member of an archive by its own name, either way): the same reading is shown by
            # the same test's title.
            same = (out == named_out if not single or args[0] == "db"
                    else b"OSBench" in out and b"OSBench" in named_out)
            check(f"{name} on standard input: iosr {args[0]} reads it as the archive named",
                  rc == 0 and named_rc == 0 and "binary data" not in err and same and
                  len(out) + len(err) > 0 and err.replace("piped.db", "named.db") == named_err,
                  (rc, err[-500:], named_err[-500:]))
        if not single:
            # A format of one result file a file takes the first to standard output; the other
            # fails, saying what to do, as naming the archive is refused before anything is read.
            with open(path, "rb") as f:
                p = subprocess.run([IOSR, "convert", "-", "--to", "xml"], stdin=f, capture_output=True)
            err = p.stderr.decode()
            check(f"{name} on standard input, --to xml: one result file written, the next refused",
                  p.returncode == 1 and p.stdout.count(b"<PhoronixTestSuite>") == 1 and
                  "-:notes/seed.txt: not written: --to xml writes one result file to one output" in err,
                  (p.returncode, err[-300:]))
        if os.path.exists(os.path.join(piped, "piped.db")):
            os.remove(os.path.join(piped, "piped.db"))
            os.remove(os.path.join(piped, "named.db"))

    # The same bytes whatever --jobs.
    many = os.path.join(tmp, "many")
    os.makedirs(many)
    for i, path in enumerate(sorted(glob.glob(os.path.join(FIXTURES, "corpus", "xml", "*.xml")))
                             + sorted(glob.glob(os.path.join(DATA, "text", "*.txt")))):
        shutil.copy(path, os.path.join(many, f"{i % 3}-{os.path.basename(path)}"))
    outputs = []
    for jobs in ("1", "2", "5"):
        target = os.path.join(tmp, f"jobs{jobs}.csv")
        out = os.path.join(tmp, f"jobs{jobs}")
        rc, _, err = run("convert", many, tgz, "--combine", target, "--to", "pts-text", "--out-dir", out, "--jobs", jobs)
        with open(target, "rb") as f:
            outputs.append((f.read(), {n: open(os.path.join(out, n), "rb").read() for n in files_under(out)}))
    check("--jobs 1, 2 and 5 give the same bytes", outputs[0] == outputs[1] == outputs[2] and len(outputs[0][1]) > 20,
          [len(o[0]) for o in outputs])

    # With one worker the writer renders when the worker is behind, else the worker does: both
    # ways give the same outputs, messages and exit code, a failing file and --report included.
    with open(os.path.join(many, "1-broken.txt"), "wb") as f:
        f.write(BROKEN)
    ways = []
    for who in ("writer", "worker"):
        target = os.path.join(tmp, f"render-{who}.csv")
        out = os.path.join(tmp, f"render-{who}")
        report_path = os.path.join(tmp, f"render-{who}.json")
        p = subprocess.run([IOSR, "convert", many, tgz, "--combine", target, "--to", "pts-text", "--out-dir", out,
                            "--jobs", "1", "--report", report_path], capture_output=True,
                           env={**os.environ, "IOSR_TEST_RENDER": who})
        with open(target, "rb") as f:
            # The report names each output, under this way's own directory.
            ways.append((p.returncode, p.stderr, f.read(),
                         open(report_path, "rb").read().replace(out.encode(), b"OUT"),
                         {n: open(os.path.join(out, n), "rb").read() for n in files_under(out)}))
    check("rendered by the writer or by the worker: the same bytes",
          ways[0] == ways[1] and ways[0][0] == 1 and b"1-broken.txt:4:" in ways[0][1]
          and ways[0][2] == outputs[0][0] and len(ways[0][4]) > 20,
          [(w[0], len(w[1]), len(w[2]), len(w[4])) for w in ways])
    os.remove(os.path.join(many, "1-broken.txt"))

    # --sync: the same outputs, each flushed to the disk (fsync) before it takes its name and
    # its directory after: two fsyncs an output (strace counts them).
    synced_csv, synced_out = os.path.join(tmp, "synced.csv"), os.path.join(tmp, "synced")
    args = ["convert", many, "--combine", synced_csv, "--to", "pts-text", "--out-dir", synced_out, "--sync"]
    if shutil.which("strace"):
        trace = os.path.join(tmp, "sync.trace")
        # LeakSanitizer cannot run under ptrace (the sanitizer build of .ci/run): leaks are
        # checked by every other run.
        no_leak_check = {**os.environ, "ASAN_OPTIONS": (os.environ.get("ASAN_OPTIONS", "") + ":detect_leaks=0").lstrip(":")}
        p = subprocess.run(["strace", "-f", "-qq", "-e", "trace=fsync", "-o", trace, IOSR, *args], capture_output=True,
                           env=no_leak_check)
        fsyncs = sum(1 for line in open(trace) if "fsync(" in line and "= 0" in line)
        outputs_written = len(files_under(synced_out)) + 1
        check("--sync flushes every output and its directory", p.returncode == 0 and fsyncs == 2 * outputs_written,
              (p.returncode, fsyncs, outputs_written, p.stderr[-300:]))
    elif os.environ.get("CI"):
        check("strace is installed (scripts/install-deps.sh)", False, "strace missing")
    else:
        rc, _, err = run(*args)
    rc, _, err = run("convert", many, "--combine", os.path.join(tmp, "unsynced.csv"), "--to", "pts-text",
                     "--out-dir", os.path.join(tmp, "unsynced"))
    check("--sync writes the same bytes",
          open(synced_csv, "rb").read() == open(os.path.join(tmp, "unsynced.csv"), "rb").read()
          and files_under(synced_out) == files_under(os.path.join(tmp, "unsynced")), err[-300:])

    # The progress bar: on a terminal only.
    rc, _, err = run("convert", many, "--combine", os.path.join(tmp, "piped.csv"))
    check("no progress bar when stderr is piped", "\r" not in err and "MB/s" not in err, err[:200])
    master, slave = pty.openpty()
    p = subprocess.Popen([IOSR, "convert", many, "--combine", os.path.join(tmp, "tty.csv")], stderr=slave,
                         stdout=subprocess.DEVNULL)
    os.close(slave)
    drawn = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        drawn += chunk
    p.wait()
    os.close(master)
    check("a progress bar on a terminal", b"files" in drawn and b"MB/s" in drawn and b"\r" in drawn, drawn[:300])
    # Without a bar the tree is read as it is walked, with it it is listed first: same bytes.
    check("the walk and the listing give the same dataset",
          open(os.path.join(tmp, "piped.csv"), "rb").read() == open(os.path.join(tmp, "tty.csv"), "rb").read())
    # Files come in byte-wise order of their relative paths, though the walk goes directory by
    # directory: `a-b/` and `a.c/` ('-' and '.' sort before '/') come before `a/`.
    order = os.path.join(tmp, "order")
    for name in ["a/y.txt", "a-b/x.txt", "a.c/z.txt", "a.txt", "a0.txt", "B/q.txt", "a/-.txt"]:
        os.makedirs(os.path.dirname(os.path.join(order, name)), exist_ok=True)
        shutil.copy(SEED, os.path.join(order, name))
    def files_read(tree, csv):
        """The files of `tree` in the order their rows come in `csv`, each once."""
        seen = []
        for row in read_csv(csv):
            name = os.path.relpath(row["file"], tree)
            if not seen or seen[-1] != name:
                seen.append(name)
        return seen

    rc, _, err = run("convert", order, "--combine", os.path.join(tmp, "order.csv"))
    seen = files_read(order, os.path.join(tmp, "order.csv"))
    check("a tree is read in byte-wise order of relative paths",
          rc == 0 and seen == ["B/q.txt", "a-b/x.txt", "a.c/z.txt", "a.txt", "a/-.txt", "a/y.txt", "a0.txt"],
          (rc, seen, err[:200]))

    # What a walk meets besides files and folders: a link to a file is read as that file, a
    # link to a folder is not followed (it could loop or leave the tree), a dangling link and
    # a FIFO are passed by (opening a FIFO would block the walk).
    odd = os.path.join(tmp, "odd")
    os.makedirs(os.path.join(odd, "real"))
    shutil.copy(SEED, os.path.join(odd, "real", "seed.txt"))
    os.symlink(os.path.join(odd, "real", "seed.txt"), os.path.join(odd, "file-link.txt"))
    os.symlink(os.path.join(odd, "real"), os.path.join(odd, "folder-link"))
    os.symlink(os.path.join(odd, "gone.txt"), os.path.join(odd, "dangling.txt"))
    os.mkfifo(os.path.join(odd, "pipe"))
    rc, _, err = run("convert", odd, "--combine", os.path.join(tmp, "odd.csv"))
    files = files_read(odd, os.path.join(tmp, "odd.csv"))
    check("links to files are read, links to folders, dangling links and FIFOs are not",
          rc == 0 and files == ["file-link.txt", "real/seed.txt"], (rc, files, err[:300]))

    # A combined output past 8 MiB written over an existing output with --force (atomic_file
    # exchanges the two names, then removes the old file) is the same bytes as one written anew,
    # and a reader that had the old output open still reads the old one whole.
    zstd = os.path.join(FIXTURES, "corpus", "xml", "pts-10.8.4_compress-zstd_20-systems_14-results.xml")
    big = os.path.join(tmp, "big")
    for i in range(200):
        os.makedirs(os.path.join(big, f"run{i:03}"))
        shutil.copy(zstd, os.path.join(big, f"run{i:03}", "composite.xml"))
    fresh, replaced = os.path.join(tmp, "big-fresh.csv"), os.path.join(tmp, "big.csv")
    run("convert", big, "--combine", replaced)
    with open(replaced, "rb") as f:
        old_bytes = f.read()
    held = open(replaced, "rb")
    rc1, _, _ = run("convert", zstd, big, "--combine", replaced, "--force")
    check("a reader of the replaced output still reads it whole", held.read() == old_bytes, len(old_bytes))
    held.close()
    check("no temporary file is left beside a replaced output",
          not os.path.exists(replaced + ".iosr-tmp") and os.path.getsize(replaced) > len(old_bytes),
          os.listdir(tmp))
    rc1, _, _ = run("convert", big, "--combine", replaced, "--force")
    rc2, _, _ = run("convert", big, "--combine", fresh)
    one = os.path.join(tmp, "big-one.csv")
    run("convert", zstd, "--combine", one)
    with open(fresh, "rb") as a, open(replaced, "rb") as b:
        same = a.read() == b.read()
    check("a combined output past 8 MiB, replacing an older one, is whole",
          rc1 == rc2 == 0 and same and os.path.getsize(fresh) > 8 << 20
          and len(read_csv(replaced)) == 200 * len(read_csv(one)),
          (rc1, rc2, os.path.getsize(fresh)))
    shutil.rmtree(big)

    # What is at the output's name is replaced as rename() replaces it: a link is replaced, not
    # written through; a directory is an error and stays as it was.
    link_target, link = os.path.join(tmp, "link-target.csv"), os.path.join(tmp, "link.csv")
    with open(link_target, "w") as f:
        f.write("old\n")
    os.symlink(link_target, link)
    rc, _, err = run("convert", zstd, "--combine", link, "--force")
    check("a link at the output's name is replaced by the output, its target left alone",
          rc == 0 and not os.path.islink(link) and len(read_csv(link)) == len(read_csv(one))
          and open(link_target).read() == "old\n" and not os.path.exists(link + ".iosr-tmp"),
          (rc, err, os.listdir(tmp)))
    folder = os.path.join(tmp, "folder.csv")
    os.makedirs(os.path.join(folder, "inside"))
    rc, _, err = run("convert", zstd, "--combine", folder, "--force")
    check("a directory at the output's name is an error and is left as it was",
          rc == 1 and f"{folder}: cannot write: Is a directory" in err
          and os.listdir(folder) == ["inside"] and not os.path.exists(folder + ".iosr-tmp"), (rc, err))

    # SIGTERM: stops cleanly, no partial combined output, no temporary file. A FIFO named as an
    # input holds the batch still after the first file, so the signal lands mid-run.
    stop = os.path.join(tmp, "stop")
    os.makedirs(stop)
    fifo = os.path.join(stop, "slow-input")
    target = os.path.join(stop, "all.csv")
    out = os.path.join(stop, "out")
    p = start_held(["convert", OSBENCH, fifo, QUIRKS, "--combine", target, "--to", "xml", "--out-dir", out],
                   stop, os.path.join(out, "pts-10.8.4_osbench_base-vs-fwrapv.xml"), stderr=subprocess.PIPE)
    check("the batch was running", os.path.exists(target + ".iosr-tmp"), os.listdir(stop))
    p.send_signal(signal.SIGTERM)
    time.sleep(0.2)
    try:  # let the reader go on, as a slow disk would, unless the signal already ended its wait
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.write(fd, seed[:4096])
        os.close(fd)
    except OSError:
        pass
    try:
        err = p.communicate(timeout=10)[1].decode()
    except subprocess.TimeoutExpired:
        p.kill()
        err = "hung"
    check("SIGTERM exits 128+15", p.returncode == 143, (p.returncode, err))
    check("SIGTERM leaves no temporary or partial file",
          files_under(stop) == ["out/pts-10.8.4_osbench_base-vs-fwrapv.xml", "slow-input"], files_under(stop))
    rc, show, _ = run("show", os.path.join(out, "pts-10.8.4_osbench_base-vs-fwrapv.xml"))
    check("the output finished before the stop is whole", rc == 0 and "5 charts" in show, show[:200])

    # Resuming: a batch killed outright (SIGKILL: no clean-up) leaves whole outputs only, plus
    # what a kill mid-write leaves, planted here: a temporary file where an output was being
    # written, and one beside a finished output (a --force run overwriting it).
    resume = os.path.join(tmp, "resume")
    os.makedirs(resume)
    fifo = os.path.join(resume, "slow-input")
    out = os.path.join(resume, "out")
    first = os.path.join(out, "pts-10.8.4_osbench_base-vs-fwrapv.xml")
    p = start_held(["convert", OSBENCH, fifo, QUIRKS, SEED, "--to", "xml", "--out-dir", out], resume, first)
    p.kill()
    p.wait()
    check("a killed batch leaves only its whole outputs", files_under(out) == [os.path.basename(first)],
          files_under(out))
    rc, fresh, _ = run("convert", "--to", "xml", QUIRKS)
    with open(os.path.join(out, "quirks.xml.iosr-tmp"), "w") as f:
        f.write(fresh[:len(fresh) // 2])
    with open(first + ".iosr-tmp", "w") as f:
        f.write("<?xml version")
    os.utime(first, (1e9, 1e9))
    resumed_report = os.path.join(resume, "report.json")
    rc, _, err = run("convert", OSBENCH, QUIRKS, SEED, "--to", "xml", "--out-dir", out, "--skip-existing",
                     "--report", unlinked(resumed_report))
    check("--skip-existing converts what is missing and counts the rest",
          rc == 0 and "converted 2 files (299 entries); 0 failed, 0 skipped, 1 skipped (exist)" in err, (rc, err))
    check("--skip-existing leaves no temporary file",
          files_under(out) == sorted(["pts-10.8.4_osbench_base-vs-fwrapv.xml", "quirks.xml",
                                      os.path.splitext(os.path.basename(SEED))[0] + ".xml"]), files_under(out))
    check("an existing output is not rewritten", os.stat(first).st_mtime == 1e9)
    check("the output a kill interrupted is now whole", open(os.path.join(out, "quirks.xml")).read() == fresh)
    rep = json.load(open(resumed_report))
    check("the report counts and names the outputs found",
          rep["skipped_existing"] == 1 and rep["existing_files"] == [OSBENCH] and rep["converted"] == 2, rep)
    rc, _, err = run("convert", OSBENCH, QUIRKS, SEED, "--to", "xml", "--out-dir", out, "--skip-existing")
    check("a finished batch resumed converts nothing",
          rc == 0 and "converted 0 files (0 entries); 0 failed, 0 skipped, 3 skipped (exist)" in err, (rc, err))
    # Two inputs with one name: the second has its own output (seed-2.csv), in both runs alike,
    # so that resuming finds both.
    twins = os.path.join(resume, "twins")
    for side in ("a", "b"):
        os.makedirs(os.path.join(twins, side))
        shutil.copy(SEED, os.path.join(twins, side, "seed.txt"))
    named = [os.path.join(twins, side, "seed.txt") for side in ("a", "b")]
    twins_out = os.path.join(resume, "twins-out")
    rc1, _, err1 = run("convert", *named, "--to", "csv", "--out-dir", twins_out)
    rc, _, err = run("convert", *named, "--to", "csv", "--out-dir", twins_out, "--skip-existing")
    check("two named files of one name: each its own output, found again on resuming",
          rc1 == 0 and sorted(os.listdir(twins_out)) == ["seed-2.csv", "seed.csv"]
          and rc == 0 and "0 failed, 0 skipped, 2 skipped (exist)" in err, (rc1, err1, rc, err))
    # A killed run's temporary file in a tree is never read as an input.
    leftovers = os.path.join(resume, "leftovers")
    os.makedirs(leftovers)
    shutil.copy(OSBENCH, os.path.join(leftovers, "composite.xml.iosr-tmp"))
    rc, _, err = run("convert", leftovers, "--combine", os.path.join(resume, "leftovers.csv"), "--report", unlinked(resumed_report))
    check("a temporary file in an input tree is skipped",
          "converted 0 files (0 entries); 0 failed, 1 skipped" in err and json.load(open(resumed_report))["skipped_files"][0]["reason"]
          == "temporary file of an unfinished iosr convert", err)
    for args in (["--combine", os.path.join(resume, "x.csv")], ["--to", "csv"],
                 ["--to", "csv", "--out-dir", out, "--force"], ["--combine", os.path.join(resume, "x.csv"), "--to", "csv", "--out-dir", out]):
        rc, _, err = run("convert", SEED, "--skip-existing", *args)
        check(f"--skip-existing with {args[0]}{' --force' if '--force' in args else ''} is a usage error",
              rc == 2 and "--skip-existing" in err, (rc, err))

# One overwrite rule for every output (issue 25, section 8): a file that exists is refused
# without --force, `-` and special files (/dev/null) always take the output; under --out-dir an
# existing output is counted as existing, not failed. Two inputs never share an output, and the
# report lists every file converted, with its output, and everything skipped, with why.
with tempfile.TemporaryDirectory() as tmp:
    SQLITE = os.path.join(FIXTURES, "corpus", "xml", "pts-10.8.4_sqlite_20-systems.xml")
    ZSTD = os.path.join(FIXTURES, "corpus", "xml", "pts-10.8.4_compress-zstd_20-systems_14-results.xml")
    left, right = os.path.join(tmp, "left"), os.path.join(tmp, "right")
    for side, source in ((left, SQLITE), (right, ZSTD)):
        os.makedirs(os.path.join(side, "nightly"))
        shutil.copy(source, os.path.join(side, "nightly", "composite.xml"))
    archives = []
    for n, source in enumerate((OSBENCH, SQLITE)):
        archives.append(os.path.join(tmp, f"upload-{n}.tar.gz"))
        with tarfile.open(archives[-1], "w:gz") as t:
            t.add(source, arcname="nightly/composite.xml")
    out, report = os.path.join(tmp, "out"), os.path.join(tmp, "report.json")
    rc, _, err = run("convert", left, right, *archives, "--to", "json", "--out-dir", out, "--report", report)
    written = sorted(files_under(out))
    check("inputs with one relative path get outputs of their own, in input order",
          rc == 0 and written == ["nightly/composite-2.json", "nightly/composite-3.json",
                                  "nightly/composite-4.json", "nightly/composite.json"], (rc, written, err))
    rep = json.load(open(report))
    check("the report lists each file converted with its output",
          [(c["file"], c["output"]) for c in rep["converted_files"]]
          == [(os.path.join(left, "nightly", "composite.xml"), os.path.join(out, "nightly", "composite.json")),
              (os.path.join(right, "nightly", "composite.xml"), os.path.join(out, "nightly", "composite-2.json")),
              (archives[0] + ":nightly/composite.xml", os.path.join(out, "nightly", "composite-3.json")),
              (archives[1] + ":nightly/composite.xml", os.path.join(out, "nightly", "composite-4.json"))]
          and all(c["entries"] > 0 for c in rep["converted_files"]), rep["converted_files"])
    with open(os.path.join(out, "nightly", "composite-2.json"), "rb") as f:
        check("the second input's output holds the second input", b"zstd" in f.read().lower())
    rc, _, err = run("convert", left, right, *archives, "--to", "json", "--out-dir", out, "--report", report)
    check("a report that exists is refused without --force, before any work",
          rc == 1 and "report.json: exists; not overwritten (use --force)" in err
          and "converted" not in err, (rc, err))
    rc, _, err = run("convert", left, right, *archives, "--to", "json", "--out-dir", out)
    check("a second run counts the outputs as existing, not as failures",
          rc == 0 and "converted 0 files (0 entries); 0 failed, 0 skipped, 4 skipped (exist; --force replaces them)"
          in err, (rc, err))
    rc, _, err = run("convert", left, right, *archives, "--to", "json", "--out-dir", out, "--force")
    check("--force replaces them", rc == 0 and "converted 4 files" in err and "exist" not in err, (rc, err))

    # Whatever a walk does not read is in the report, with what it is.
    odd = os.path.join(tmp, "odd")
    os.makedirs(odd)
    shutil.copy(ZSTD, os.path.join(odd, "result.xml"))
    os.symlink(os.path.join(tmp, "gone"), os.path.join(odd, "dangling"))
    os.symlink(left, os.path.join(odd, "folder-link"))
    os.mkfifo(os.path.join(odd, "pipe"))
    import socket
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(os.path.join(odd, "sock"))
    rc, _, err = run("convert", odd, "--combine", os.path.join(tmp, "odd.csv"), "--report", unlinked(report))
    sock.close()
    rep = json.load(open(report))
    check("dangling links, links to directories, FIFOs and sockets are skipped and listed with why",
          rc == 0 and "converted 1 file " in err and {s["file"]: s["reason"] for s in rep["skipped_files"]} == {
              os.path.join(odd, "dangling"): "a link to nothing (dangling)",
              os.path.join(odd, "folder-link"): "a link to a directory; not followed",
              os.path.join(odd, "pipe"): "a FIFO (named pipe); not read",
              os.path.join(odd, "sock"): "a socket; not read"}
          and rep["converted_files"] == [{"file": os.path.join(odd, "result.xml"), "entries": rep["entries"], "output": None}],
          (rc, err, rep))

    # -o is refused over a file too; `-` and /dev/null always take the output.
    target = os.path.join(tmp, "one.csv")
    with open(target, "w") as f:
        f.write("mine\n")
    rc, _, err = run("convert", ZSTD, "--to", "csv", "-o", target)
    check("convert -o over an existing file is refused", rc == 1 and "use --force" in err
          and open(target).read() == "mine\n", (rc, err))
    rc, _, err = run("compare", ZSTD, "-o", target)
    check("compare -o over an existing file is refused", rc == 1 and "use --force" in err
          and open(target).read() == "mine\n", (rc, err))
    rc, _, err = run("compare", ZSTD, "-o", target, "--force")
    check("compare -o --force replaces it", rc == 0 and open(target).read() != "mine\n", (rc, err))
    rc, _, err = run("convert", ZSTD, "--to", "csv", "-o", "/dev/null")
    import stat
    check("a device is no file to keep: -o /dev/null is written, and stays the device",
          rc == 0 and stat.S_ISCHR(os.stat("/dev/null").st_mode), (rc, err))

    # A run that reads no input writes nothing, not even a header.
    missing = os.path.join(tmp, "no-such-run.xml")
    rc, out_text, err = run("convert", missing, "--to", "jsonl", "-o", "-")
    rc2, out_text2, err2 = run("convert", missing, "--to", "csv")
    check("nothing is written for a run where no input was read",
          rc == 1 and out_text == "" and rc2 == 1 and out_text2 == "", (out_text, out_text2))
    rc, _, err = run("convert", missing, "--combine", os.path.join(tmp, "none.csv"))
    check("nor a combined file", rc == 1 and not os.path.exists(os.path.join(tmp, "none.csv")), err)
    empty = os.path.join(tmp, "empty-dir")
    os.makedirs(empty)
    rc, out_text, err = run("convert", empty, "--to", "csv")
    check("an input that holds no result file, without failing, is an empty dataset",
          rc == 0 and out_text.startswith("file,result_title"), (rc, out_text, err))

    # An endless or huge binary input is refused after its first block, in every command.
    for args in (["convert", "/dev/zero", "--to", "csv"], ["compare", "/dev/zero"],
                 ["db", "import", "--db", os.path.join(tmp, "zero.db"), "/dev/zero"]):
        started = time.monotonic()
        p = subprocess.run([IOSR, *args], capture_output=True, timeout=20)
        took = time.monotonic() - started
        check(f"iosr {args[0]} refuses /dev/zero after its first block",
              p.returncode == 1 and b"/dev/zero:1:1: binary data (byte 0)" in p.stderr and took < 5,
              (p.returncode, p.stderr[-300:], took))

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("batch: all checks passed")
