"""The AIE half of the tilestudio module: designs in every format, placers and routers by name
with settings, checks, QoR and the file writers."""
import json
import os
import unittest

import tilestudio as ts
from support import SHARED_DATA_DIR, SOURCE_DIR, output_dir, sample


class Devices(unittest.TestCase):
    def test_presets_are_listed_and_load(self):
        presets = {f[:-len(".yaml")] for f in os.listdir(os.path.join(SOURCE_DIR, "resources", "devices"))}
        self.assertTrue({"npu1", "npu2", "xcvc1902", "xcve2302", "xcve2802"} <= presets)
        self.assertTrue(presets <= set(ts.devices()), presets - set(ts.devices()))
        d = ts.load_device("npu2")
        self.assertEqual((d.name, d.columns, d.rows), ("npu2", 8, 6))
        self.assertEqual([d.tile_kind(0, r) for r in (0, 1, 2)], ["shim", "mem", "compute"])
        with self.assertRaises(ts.Error):
            ts.load_device("no_such_device")


class Designs(unittest.TestCase):
    def test_yaml_design_and_its_placement(self):
        d = ts.load_design(sample("edge_detect.yaml"))
        self.assertEqual((d.name, d.device.name, len(d.cores), len(d.nets)), ("edge_detect", "npu2", 8, 7))
        self.assertEqual(d.placement["rgba2gray"], (0, 2))
        self.assertEqual(ts.check(d.placement), [])

    def test_bad_yaml_names_file_and_line(self):
        path = os.path.join(output_dir("bad_yaml"), "bad.yaml")
        with open(path, "w") as f:
            f.write("design: x\ndevice: npu2\ncores:\n  - {name: a, kind: nonsense}\n")
        with self.assertRaises(ts.InputError) as e:
            ts.load_design(path)
        self.assertIn("bad.yaml:4", str(e.exception))
        self.assertIsInstance(e.exception, ValueError)

    def test_mlir_design(self):
        path = os.path.join(SHARED_DATA_DIR, "mlir-aie/Xilinx+mlir-aie/test/place-tiles/sequential_placer/"
                            "test_place_edge_detect.mlir")
        if not os.path.exists(path):
            self.skipTest("no ../shared/data")
        d = ts.load_design(path)
        self.assertGreater(len(d.cores), 4)
        r = ts.pnr(d, placer="sa", seed=1)
        self.assertTrue(r.success, r.reasons)

    def test_netlist_dict_round_trips(self):
        d = ts.load_design(sample("edge_detect.yaml"))
        again = ts.design_from_netlist(d.netlist(), device="npu2", name="copy")
        self.assertEqual((again.name, len(again.cores), len(again.nets)), ("copy", 8, 7))
        self.assertEqual([n["bytes_per_object"] for n in again.nets], [n["bytes_per_object"] for n in d.nets])
        with self.assertRaises(ts.InputError):
            ts.design_from_netlist({"nodes": [{"id": 0, "type": "GPU"}], "nets": []})


class Algorithms(unittest.TestCase):
    def setUp(self):
        self.design = ts.load_design(sample("edge_detect.yaml"))

    def test_every_registered_algorithm_is_listed_with_its_settings(self):
        placers = {p["name"]: p for p in ts.placers()}
        self.assertTrue({"manual", "sequential", "sa", "lsmo", "milp", "blocks"} <= set(placers))
        self.assertEqual(placers["sa"]["settings"]["cost"]["choices"], ["bb", "bbcg", "milp"])
        self.assertTrue({"milp", "pathfinder"} <= {r["name"] for r in ts.routers()})

    def test_place_then_route_is_legal_and_reproducible(self):
        a = ts.place(self.design, "sa", seed=7, cost="bb", inner_num=2)
        b = ts.place(self.design, "sa", seed=7, cost="bb", inner_num=2)
        self.assertTrue(a.success, a.reasons)
        self.assertEqual(a.placement.to_dict(), b.placement.to_dict())
        self.assertEqual(ts.check(a.placement), [])
        r = ts.route(a.placement, "milp")
        self.assertTrue(r.success, r.reasons)
        self.assertEqual(ts.check_routing(r.routing), [])
        q = ts.qor(r.routing)
        self.assertGreater(q["route_length"], 0)
        self.assertEqual(q["shared_nets"] + q["intra_tile_nets"] + q["circuit_nets"] + q["packet_nets"], 7)
        self.assertEqual(len(r.routing.nets), 7)

    def test_settings_are_checked(self):
        with self.assertRaisesRegex(ValueError, "unknown setting 'temperature'"):
            ts.place(self.design, "sa", temperature=3)
        with self.assertRaisesRegex(ValueError, "cost"):
            ts.place(self.design, "sa", cost="nonsense")
        with self.assertRaisesRegex(ValueError, "unknown placer 'annealer'"):
            ts.place(self.design, "annealer")
        with self.assertRaises(TypeError):
            ts.place(self.design, "sa", cost=["bb"])
        with self.assertRaisesRegex(TypeError, "progress must be callable"):
            ts.place(self.design, "sa", progress=3)

    def test_pinned_cores_stay_and_runs_start_from_a_placement(self):
        start = ts.Placement(self.design, {"filter2d": (3, 4)})
        start.set_pinned("filter2d")
        r = ts.pnr(self.design, "sa", "pathfinder", start=start, seed=2)
        self.assertTrue(r.success, r.reasons)
        self.assertEqual(r.placement["filter2d"], (3, 4))
        self.assertTrue(r.placement.pinned("filter2d"))
        with self.assertRaises(KeyError):
            start["no_such_core"]

    def test_progress_callback_sees_the_run(self):
        seen = []
        ts.place(self.design, "sa", seed=1, progress=seen.append)
        self.assertTrue(seen)
        self.assertIn("total", seen[0].terms)
        self.assertGreaterEqual(seen[-1].elapsed, seen[0].elapsed)

    def test_pnr_reports_and_writes_every_format(self):
        r = ts.pnr(self.design, "sa", "milp", seed=1)
        self.assertTrue(r.success, r.reasons)
        self.assertEqual((r.placement_violations, r.routing_violations), ([], []))
        est = ts.estimate_runtime(r.routing)
        self.assertTrue(est["from_routing"])
        self.assertIn("not measured", est["note"])
        out = output_dir("writers")
        for ext in ("yaml", "csv", "json"):
            ts.write_placement(os.path.join(out, "placed." + ext), r.routing)
        with open(os.path.join(out, "placed.json")) as f:
            placed = json.load(f)
        self.assertEqual(placed, r.netlist())
        self.assertLess(placed["routing"]["routing_cost"], 1e9)
        self.assertTrue(all("routing_info" in n for n in placed["nets"]))
        with open(os.path.join(out, "placed.csv")) as f:
            self.assertEqual(f.readline().strip(), "core,kind,col,row,pinned")
        # A YAML design gets a new MLIR module: every core on its tile, read back the same.
        ts.write_placement(os.path.join(out, "placed.mlir"), r.placement)
        self.assertEqual(ts.load_design(os.path.join(out, "placed.mlir")).placement.to_dict(), r.placement.to_dict())
        # np-flow's --routing-viz: one edge per net hop, coloured by interconnect.
        ts.write_routing_dot(os.path.join(out, "routing.dot"), r.routing)
        ts.write_routing_dot(os.path.join(out, "placed.dot"), r.placement)
        with open(os.path.join(out, "routing.dot")) as f:
            routed_dot = f.read()
        with open(os.path.join(out, "placed.dot")) as f:
            placed_dot = f.read()
        self.assertTrue(routed_dot.startswith("digraph"))
        self.assertGreater(routed_dot.count("->"), placed_dot.count("->"))
        # Vitis aiecompiler constraints: a tile per compute core, rows counted from the first compute row.
        notes = ts.write_vitis_constraints(os.path.join(out, "vitis.json"), r.placement, graph="g")
        with open(os.path.join(out, "vitis.json")) as f:
            nodes = json.load(f)["NodeConstraints"]
        col, row = r.placement["rgba2gray"]
        self.assertEqual(nodes["g.rgba2gray"]["tile"], {"column": col, "row": row - 2})
        self.assertTrue(any("memory-tile" in n for n in notes), notes)
        with self.assertRaisesRegex(ts.Error, "must end in .json"):
            ts.write_vitis_constraints(os.path.join(out, "vitis.txt"), r.placement)
        ts.write_design(os.path.join(out, "design.yaml"), self.design, r.placement)
        ts.write_design(os.path.join(out, "netlist.json"), self.design)
        again = ts.load_design(os.path.join(out, "design.yaml"))
        self.assertEqual(again.placement.to_dict(), r.placement.to_dict())
        with self.assertRaisesRegex(ValueError, "must end in"):
            ts.write_design(os.path.join(out, "design.txt"), self.design)
        self.assertFalse(os.path.exists(os.path.join(out, "design.txt")))


if __name__ == "__main__":
    unittest.main()
