#!/usr/bin/env python3
"""Runs a tilestudio-cli binary over the malformed-input corpus and counts, per case (worst
over every command that reads its format) and per run, how the inputs were answered:

  clear     exit 2 and an error naming the file and line (file:N)
  unclear   exit 2 without a line, or an "internal error"
  accepted  exit 0 or 1: the input was taken as valid (silent acceptance)
  crash     killed by a signal or a sanitizer report
  hang      still running after --timeout seconds, or out of memory (--memory-limit)

The commands per format come from tests/data/malformed/commands.txt, as in the ctest runner.
Use it to compare binaries, e.g. the main branch's against this one:
  tools/malformed_survey.py --cli /tmp/main/tilestudio-cli --json before.json
"""
import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
from collections import Counter

ORDER = ["clear", "unclear", "accepted", "crash", "hang"]


def commands(corpus):
    table = {}
    with open(os.path.join(corpus, "commands.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            folder, args = line.split(None, 1)
            table.setdefault(folder, []).append(args)
    return table


def classify(proc_code, stderr, case_name, timed_out):
    if timed_out or "out of memory" in stderr or "bad_alloc" in stderr:
        return "hang"
    if proc_code < 0 or proc_code > 128 or "Sanitizer" in stderr or "runtime error:" in stderr:
        return "crash"
    if proc_code in (0, 1) and "internal error" not in stderr:
        return "accepted"
    if proc_code == 2 and "internal error" not in stderr and re.search(re.escape(case_name) + r":[1-9]", stderr):
        return "clear"
    return "unclear"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.path.dirname(here)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True, help="tilestudio-cli to run")
    ap.add_argument("--corpus", default=os.path.join(src, "tests", "data", "malformed"))
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--memory-limit", type=int, default=4096, help="MiB of address space per run")
    ap.add_argument("--json", help="write the per-run results here")
    a = ap.parse_args()

    def limit():
        size = a.memory_limit << 20
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    table = commands(a.corpus)
    has_render = "\n  render " in subprocess.run([a.cli, "--help"], capture_output=True, text=True).stdout
    per_case, per_run, results = {}, Counter(), []
    out_dir = tempfile.mkdtemp(prefix="ts_survey_")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    for folder in sorted(os.listdir(a.corpus)):
        path = os.path.join(a.corpus, folder)
        if not os.path.isdir(path) or folder == "fixtures":
            continue
        for name in sorted(os.listdir(path)):
            if name.endswith(".expect"):
                continue
            case = os.path.join(path, name)
            worst = "clear"
            for i, args in enumerate(table.get(folder, [])):
                if args.startswith("render") and not has_render:
                    continue
                out = os.path.join(out_dir, "out%d" % i)
                argv = [a.cli, "-q"] + args.replace("{case}", case).replace("{out}", out).replace("{src}", src).split()
                try:
                    p = subprocess.run(argv, capture_output=True, text=True, errors="replace", timeout=a.timeout, env=env,
                                       preexec_fn=limit)
                    kind = classify(p.returncode, p.stderr, name, False)
                    code, err = p.returncode, p.stderr.strip().splitlines()[-1:] if p.stderr.strip() else []
                except subprocess.TimeoutExpired:
                    kind, code, err = "hang", None, []
                per_run[kind] += 1
                results.append({"case": folder + "/" + name, "command": args.split()[0], "class": kind,
                                "exit": code, "stderr": err[0] if err else ""})
                if ORDER.index(kind) > ORDER.index(worst):
                    worst = kind
            per_case.setdefault(folder, Counter())[worst] += 1
    total = Counter()
    print("%-16s %5s  %s" % ("format", "cases", "  ".join("%8s" % k for k in ORDER)))
    for folder, c in sorted(per_case.items()):
        total.update(c)
        print("%-16s %5d  %s" % (folder, sum(c.values()), "  ".join("%8d" % c[k] for k in ORDER)))
    print("%-16s %5d  %s" % ("all cases", sum(total.values()), "  ".join("%8d" % total[k] for k in ORDER)))
    print("%-16s %5d  %s" % ("all runs", sum(per_run.values()), "  ".join("%8d" % per_run[k] for k in ORDER)))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
