#!/usr/bin/env python3
"""Large MLIR-AIE files for reader benchmarks (issue 14), SIZE_MB each:
  body:  a small design whose core body is grown with arith ops, as generated kernels are;
  fifos: four logical tiles joined by many object FIFOs (every statement an imported op).

  tools/make_big_mlir.py 50 /tmp/big50.mlir body
  tools/make_big_mlir.py 50 /tmp/fifos50.mlir fifos
  /usr/bin/time -v build/bin/tilestudio-cli check /tmp/big50.mlir     # peak RSS, wall time
"""
import sys

BODY_HEAD = """module @big {
  aie.device(npu2) {
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %c2 = aie.logical_tile<CoreTile>(?, ?)
    %c3 = aie.logical_tile<CoreTile>(?, ?)
    aie.objectfifo @in(%shim, {%mem}, 2 : i32) : !aie.objectfifo<memref<1024xi32>>
    aie.objectfifo @mid(%mem, {%c2}, 2 : i32) : !aie.objectfifo<memref<1024xi32>>
    aie.objectfifo.link [@in] -> [@mid]([] [])
    aie.objectfifo @c2c3(%c2, {%c3}, 2 : i32) : !aie.objectfifo<memref<256xi32>>
    aie.objectfifo @out(%c3, {%shim}, 2 : i32) : !aie.objectfifo<memref<256xi32>>
    aie.core(%c3) {
      aie.end
    }
    aie.core(%c2) {
      %c1 = arith.constant 1 : i32
      %v0 = arith.constant 0 : i32
"""
BODY_TAIL = "      aie.end\n    }\n  }\n}\n"
FIFOS_HEAD = """module @fifos {
  aie.device(npu2) {
    %a = aie.logical_tile<CoreTile>(?, ?)
    %b = aie.logical_tile<CoreTile>(?, ?)
    %c = aie.logical_tile<CoreTile>(?, ?)
    %d = aie.logical_tile<CoreTile>(?, ?)
"""
FIFOS_TAIL = "  }\n}\n"
LINES = {
    "body": lambda i: f"      %v{i + 1} = arith.addi %v{i}, %c1 : i32\n",
    "fifos": lambda i: f"    aie.objectfifo @f{i}(%a, {{%b, %c}}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n",
}

size = int(float(sys.argv[1]) * 1024 * 1024)
out = sys.argv[2]
kind = sys.argv[3] if len(sys.argv) > 3 else "body"
head, tail = (BODY_HEAD, BODY_TAIL) if kind == "body" else (FIFOS_HEAD, FIFOS_TAIL)
with open(out, "w") as f:
    f.write(head)
    written, i = len(head), 0
    while written < size - len(tail):
        line = LINES[kind](i)
        f.write(line)
        written += len(line)
        i += 1
    f.write(tail)
