#!/usr/bin/env python3
"""Writes a 400-compute-core design for the xcvc1902 (VCK190) AIE array with a placement that
fills every compute tile: 8 pipelines of 50 cores (one per array row), fed and drained by shim
DMAs, with vertical links between neighbouring pipelines every fifth stage. Pipeline stages sit
in the column order c' = 7c mod 50, so nets span a mix of short and long distances. Used as the
large design of the studio's paint benchmark (`tilestudio --bench-paint`).

    python3 tools/bench/mesh400_xcvc1902.py > /tmp/mesh400_xcvc1902.yaml
"""

ROWS, COLS = 8, 50
SHIM_DMA = [2, 3, 6, 7, 10, 11, 18, 19, 26, 27, 34, 35, 42, 43, 46, 47]


def main():
    out = ["design: mesh400", "device: xcvc1902",
           "description: 8 pipelines of 50 compute cores (paint benchmark; see tools/bench/mesh400_xcvc1902.py)",
           "cores:"]
    name = lambda r, c: f"p{r}_s{c:02d}"
    for r in range(ROWS):
        for c in range(COLS):
            out.append(f"  - {{name: {name(r, c)}, kind: compute, cycles: {200 + 13 * ((r * COLS + c) % 17)}}}")
    for r in range(ROWS):
        out.append(f"  - {{name: in{r}, kind: shim}}")
        out.append(f"  - {{name: out{r}, kind: shim}}")
    out.append("nets:")
    for r in range(ROWS):
        out.append(f"  - {{name: in{r}_n, source: in{r}, targets: [{name(r, 0)}], bytes: 1024, depth: 2}}")
        for c in range(COLS - 1):
            out.append(f"  - {{name: {name(r, c)}_e, source: {name(r, c)}, targets: [{name(r, c + 1)}], bytes: 512, depth: 2}}")
        out.append(f"  - {{name: out{r}_n, source: {name(r, COLS - 1)}, targets: [out{r}], bytes: 1024, depth: 2}}")
    for r in range(ROWS - 1):
        for c in range(0, COLS, 5):
            out.append(f"  - {{name: {name(r, c)}_v, source: {name(r, c)}, targets: [{name(r + 1, c)}], bytes: 256, depth: 2}}")
    out.append("placement:")
    for r in range(ROWS):
        for c in range(COLS):
            out.append(f"  {name(r, c)}: [{(7 * c) % COLS}, {r + 1}]")
    for r in range(ROWS):
        out.append(f"  in{r}: [{SHIM_DMA[2 * r]}, 0]")
        out.append(f"  out{r}: [{SHIM_DMA[2 * r + 1]}, 0]")
    print("\n".join(out))


if __name__ == "__main__":
    main()
