#!/usr/bin/env python3
"""The note table of issue 11: every shared MLIR-AIE file (every module), imported, placed,
routed and round-tripped through MLIR export with tilestudio-cli.

  tools/mlir_shared_table.py [build/bin/tilestudio-cli] [../shared/data/mlir-aie]

Per module: cores / nets, skipped op kinds, the first placer that gives a legal placement
(the design's own pins when every core is pinned, else sequential, then sa), the MILP router's
and PathFinder's result and route length, `pnr --placer sa` (the default flow), and whether the
placed MLIR imports back to the same design and placement."""
import json, os, subprocess, sys, tempfile

cli = sys.argv[1] if len(sys.argv) > 1 else "build/bin/tilestudio-cli"
root = sys.argv[2] if len(sys.argv) > 2 else "../shared/data/mlir-aie"
tmp = tempfile.mkdtemp(prefix="mlir_table_")


def run(*args):
    p = subprocess.run([cli, "-q", *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def report(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


rows = []
for dirpath, _, files in sorted(os.walk(root)):
    for name in sorted(files):
        if not name.endswith(".mlir"):
            continue
        path = os.path.join(dirpath, name)
        rel = os.path.relpath(path, root)
        code, out, err = run("info", path, "--json")
        info = json.loads(out)
        for m in info["modules"]:
            mod = ["--module", str(m["module"])] if len(info["modules"]) > 1 else []
            label = rel + (f" #{m['module']}" if mod else "")
            if "error" in m:
                rows.append([label, "-", "-", "import error: " + m["error"].split(": ", 1)[-1][:90]])
                continue
            skipped = "; ".join(w.split(":")[0].replace("skipped ", "") for w in m["warnings"] if w.startswith("skipped"))
            placed = os.path.join(tmp, "placed.mlir")
            placer = None
            all_pinned = m["pinned"] == m["cores"]
            for p in (["manual"] if all_pinned else ["sequential", "sa"]):
                for stale in ("place.json", "milp.json", "pathfinder.json"):
                    if os.path.exists(os.path.join(tmp, stale)):
                        os.remove(os.path.join(tmp, stale))
                code, out, err = run("place", path, *mod, "--placer", p, "--time-limit", "20", "--out", placed,
                                     "--report", os.path.join(tmp, "place.json"))
                if code == 0:
                    placer = "pins" if p == "manual" else p
                    break
            if not placer:
                why = report(os.path.join(tmp, "place.json")).get("reasons", [err.strip()])
                rows.append([label, f"{m['cores']}/{m['nets']}", skipped or "-",
                             "not placed: " + (why[0] if why else "?")[:90]])
                continue
            routes = []
            for router in ("milp", "pathfinder"):
                rep = os.path.join(tmp, router + ".json")
                code, out, err = run("route", path, *mod, "--placement", placed, "--router", router,
                                     "--time-limit", "60", "--report", rep)
                r = report(rep)
                if r.get("success"):
                    routes.append(f"{router} {r['qor']['route_length']}")
                else:
                    routes.append(f"{router} failed ({(r.get('reasons') or [r.get('status', err.strip())])[0][:60]})")
            # The default flow as a user runs it: pnr with SA and the MILP router, written as MLIR.
            rep = os.path.join(tmp, "pnr.json")
            code, out, err = run("pnr", path, *mod, "--placer", "sa", "--route-time-limit", "60",
                                 "--out", os.path.join(tmp, "pnr.mlir"), "--report", rep)
            r = report(rep)
            routes.append(f"pnr sa+milp {r['qor']['route_length']}" if code == 0 else
                          f"pnr sa+milp FAILED ({(r.get('reasons') or [err.strip()])[0][:60]})")
            # Round trip: the placed module imports back with the same cores, nets and tiles.
            code, out, err = run("check", placed, "--json")
            back = json.loads(out) if out.strip().startswith("{") else {}
            same = back.get("cores") == m["cores"] and back.get("nets") == m["nets"] and back.get("legal")
            rows.append([label, f"{m['cores']}/{m['nets']}", skipped or "-",
                         f"placed by {placer}; " + "; ".join(routes) + ("; round trip ok" if same else "; ROUND TRIP FAILED")])

print("| file (module) | cores/nets | skipped ops | result |")
print("|---|---|---|---|")
for r in rows:
    print("| " + " | ".join(r) + " |")
