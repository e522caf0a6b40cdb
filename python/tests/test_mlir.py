"""MLIR-AIE files from Python as the CLI takes them: one module of a file holding several
(--module N), placed and routed, and written back as the same module with its tiles placed; the
routes a file gives (aie.pnr_flow) read and checked."""
import os
import re
import unittest

import tilestudio as ts
from support import SHARED_DATA_DIR, output_dir, sample

CASCADE = os.path.join(SHARED_DATA_DIR, "mlir-aie/Xilinx+mlir-aie/test/place-tiles/sa_placer/test_sa_cascade.mlir")


@unittest.skipUnless(os.path.exists(CASCADE), "no ../shared/data")
class MultiModuleFile(unittest.TestCase):
    def test_modules_are_listed_and_one_must_be_picked(self):
        modules = ts.mlir_modules(CASCADE)
        self.assertEqual([m["module"] for m in modules], [1, 2, 3, 4])
        self.assertEqual(modules[2]["title"], "@cascade_with_fifo_pinned")
        self.assertEqual({m["device"] for m in modules}, {"npu2"})
        self.assertTrue(all(m["error"] is None for m in modules), modules)
        with self.assertRaisesRegex(ts.InputError, "module"):
            ts.load_design(CASCADE)
        with self.assertRaises(ts.InputError):
            ts.load_design(CASCADE, module=9)

    def test_one_module_is_placed_routed_and_written_back_in_place(self):
        d = ts.load_design(CASCADE, module=3)
        self.assertEqual(sorted(c["name"] for c in d.cores), ["dst", "shim", "src"])
        r = ts.pnr(d, placer="sa", router="milp", seed=1)
        self.assertTrue(r.success, r.reasons)
        self.assertEqual(r.placement["src"], (2, 3))  # the file pins it
        self.assertIn(r.placement["dst"], [(3, 3), (2, 2)])  # cascade neighbour of src

        path = os.path.join(output_dir("mlir_module"), "placed.mlir")
        ts.write_placement(path, r.routing)
        with open(path) as f:
            text = f.read()
        # The design's own module, every tile placed, everything else kept byte for byte.
        self.assertIn("module @cascade_with_fifo_pinned", text)
        self.assertNotIn("@two_cascade_pairs_pinned", text)
        self.assertNotRegex(text, r"=\s*aie\.logical_tile")  # (the file's CHECK comments name it)
        self.assertIn("// CHECK-NOT: aie.logical_tile", text)
        self.assertIn("aie.cascade_flow(%src, %dst)", text)
        self.assertIn("aie.objectfifo @in(%shim, {%src}, 2 : i32)", text)
        col, row = r.placement["dst"]
        self.assertRegex(text, r"%dst = aie\.tile\(" + str(col) + r", " + str(row) + r"\)")

        again = ts.load_design(path)
        self.assertEqual(again.placement.to_dict(), r.placement.to_dict())

    def test_text_in_memory_takes_a_module_too(self):
        with open(CASCADE) as f:
            text = f.read()
        d = ts.parse_design(text, "mlir", name="cascade", module=4)
        self.assertEqual(len(d.cores), 4)
        self.assertEqual(d.placement["s2"], (5, 3))


BASIC_CCT = os.path.join(SHARED_DATA_DIR, "mlir-aie/ueqri+mlir-aie/pnr_test/fine_grain_router/basic_cct.mlir")


class GivenRoutes(unittest.TestCase):
    @unittest.skipUnless(os.path.exists(BASIC_CCT), "no ../shared/data")
    def test_routes_a_file_gives_are_read_and_checked(self):
        d = ts.load_design(BASIC_CCT)
        routes = d.given_routes
        self.assertEqual(len(routes), 3)
        self.assertIn({"net": "pnr_flow_tile12_DMA0", "target": "tile03", "hops": [(1, 2), (1, 3), (0, 3)]}, routes)
        self.assertEqual(ts.check_given_routes(d.placement), {"problems": [], "route_length": 9})
        moved = d.placement
        moved["tile12"] = (5, 4)  # the routes no longer start at their source
        self.assertTrue(ts.check_given_routes(moved)["problems"])

    def test_a_route_over_a_missing_link_is_named(self):
        d = ts.parse_design("module {\n  aie.device(npu2) {\n    %a = aie.tile(0, 1)\n    %b = aie.tile(1, 1)\n"
                            "    aie.pnr_flow(%a, DMA : 0, {%b}, DMA : [0]) {hop_tile_ids = [[[0,1],[1,1]]]}\n  }\n}\n",
                            "mlir")
        problems = ts.check_given_routes(d.placement)["problems"]
        self.assertTrue(any("no stream link from (0,1) to (1,1)" in p for p in problems), problems)

    def test_other_formats_give_no_routes(self):
        d = ts.load_design(sample("edge_detect.yaml"))
        self.assertEqual(d.given_routes, [])
        self.assertEqual(ts.check_given_routes(d.placement), {"problems": [], "route_length": 0})


class NewModuleFromOtherFormats(unittest.TestCase):
    def test_a_netlist_design_gets_a_fresh_module(self):
        netlist = {"nodes": [{"id": 0, "type": "SHIM", "col_x": 0, "row_y": 0},
                             {"id": 1, "type": "COMP", "col_x": -1, "row_y": -1}],
                   "nets": [{"net_id": 0, "net_name": "of_in", "src_id": 0, "dst_ids": [1], "depths": [2, 2],
                             "byte_size_per_depth": 1024}]}
        d = ts.design_from_netlist(netlist, device="npu2", name="tiny")
        r = ts.place(d, "sa", seed=1)
        self.assertTrue(r.success, r.reasons)
        path = os.path.join(output_dir("mlir_new"), "tiny.mlir")
        ts.write_placement(path, r.placement)
        with open(path) as f:
            text = f.read()
        self.assertEqual(len(re.findall(r"aie\.tile\(", text)), 2)
        self.assertIn("aie.objectfifo", text)
        self.assertEqual(ts.load_design(path).placement.to_dict(), r.placement.to_dict())


if __name__ == "__main__":
    unittest.main()
