#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Makes the trend benchmark's input: 20 composite.xml files, one per kernel (5.0 to 5.19), each
with 5 schedulers (None, MQ-Deadline, Kyber, BFQ, BFQ low-latency) on one machine and N tests
(default 10,000): 20 x 5 x N entries, a million at the default. BFQ's ratio steps down by 15 %
at 5.10 in one test in ten, so that the change points have something to find; every value has
up to 2 % noise (fixed seed).
With --fleet, the team store's history instead (issue 29): 20 machines x 40 kernels (5.0 to
5.19, 6.0 to 6.19) x 5 schedulers x N tests (default 250), one composite.xml per machine and
kernel (800 files), a million entries at the default; each machine its own hardware.
Usage: bench/generate_trend.py OUT [N=10000]
       bench/generate_trend.py --fleet OUT [N=250]"""
import os
import random
import sys

fleet = len(sys.argv) > 1 and sys.argv[1] == "--fleet"
args = sys.argv[2:] if fleet else sys.argv[1:]
out, tests = args[0], int(args[1]) if len(args) > 1 else (250 if fleet else 10000)
rng = random.Random(18)
SCHEDULERS = [("None", 1.0), ("MQ-Deadline", 0.97), ("Kyber", 0.95), ("BFQ", 0.90), ("BFQ low-latency", 0.88)]
HARDWARE = ("Processor: AMD Ryzen 9 5950X 16-Core @ 3.40GHz (16 Cores / 32 Threads), Motherboard: "
            "ASUS ROG CROSSHAIR VIII HERO (3801 BIOS), Chipset: AMD Starship/Matisse, Memory: 32GB, "
            "Disk: 1000GB Samsung SSD 980 PRO 1TB")
os.makedirs(out, exist_ok=True)
bases = [rng.uniform(10, 100000) for _ in range(tests)]
MACHINES, KERNELS = (20, 40) if fleet else (1, 20)
for m, k in [(m, k) for m in range(MACHINES) for k in range(KERNELS)]:
    # Each machine of the fleet its own disk, as a lab's are: trend --machine names one by it.
    hardware = HARDWARE if not fleet else HARDWARE.replace("32GB", f"{32 + 16 * m}GB").replace(
        "1000GB Samsung SSD 980 PRO 1TB", f"{500 * (m + 1)}GB Samsung SSD 980 PRO")
    major, minor = (5, k) if k < 20 else (6, k - 20)
    kernel = f"{major}.{minor}.0-0{major}{minor:02}00-generic"
    parts = ['<?xml version="1.0"?>\n<PhoronixTestSuite>\n<Generated><Title>Linux ', f"{major}.{minor}",
             ' I/O schedulers</Title><LastModified>2024-01-01 00:00:00</LastModified>'
             '<TestClient>Phoronix Test Suite v10.8.4</TestClient><Description></Description></Generated>\n']
    for name, _ in SCHEDULERS:
        parts.append(f"<System><Identifier>{name}</Identifier><Hardware>{hardware}</Hardware>"
                     f"<Software>OS: Ubuntu 22.04, Kernel: {kernel} (x86_64), File-System: ext4</Software>"
                     f"<User>bench</User><TimeStamp>{2024 + k // 24}-{1 + k % 24 // 2:02}-{1 + 14 * (k % 2):02} 10:00:00"
                     f"</TimeStamp><TestClientVersion>10.8.4</TestClientVersion><Notes></Notes><JSON></JSON>"
                     f"</System>\n")
    for t in range(tests):
        entries = []
        for name, ratio in SCHEDULERS:
            if name == "BFQ" and t % 10 == 0 and k >= 10:
                ratio *= 0.85
            value = bases[t] * ratio * rng.uniform(0.98, 1.02)
            entries.append(f"<Entry><Identifier>{name}</Identifier><Value>{value:.2f}</Value>"
                           f"<RawString>{value:.2f}</RawString></Entry>")
        parts.append(f"<Result><Identifier>pts/bench-{t % 50}</Identifier><Title>Benchmark {t // 20}</Title>"
                     f"<AppVersion>1.0</AppVersion><Arguments>-t {t}</Arguments><Description>Test: {t}"
                     f"</Description><Scale>MB/s</Scale><Proportion>HIB</Proportion>"
                     f"<DisplayFormat>BAR_GRAPH</DisplayFormat><Data>{''.join(entries)}</Data></Result>\n")
    parts.append("</PhoronixTestSuite>\n")
    name = f"linux-5.{k:02}.xml" if not fleet else f"m{m:02}-linux-{major}.{minor:02}.xml"
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        f.write("".join(parts))
print(f"{MACHINES * KERNELS} files, {MACHINES * KERNELS * 5 * tests} entries in {out}")
