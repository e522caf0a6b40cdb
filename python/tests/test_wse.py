"""The WSE half of the tilestudio module: kernel graphs, CU.POKer, the evaluator and .paint files."""
import os
import unittest

import tilestudio as ts
from support import output_dir, sample


class Wse(unittest.TestCase):
    def setUp(self):
        self.graph = ts.load_kgraph(sample("wse/resnet50_coarse.kgraph"))

    def test_graph(self):
        self.assertGreater(self.graph.kernel_count, 10)
        self.assertEqual(len(self.graph.kernels), self.graph.kernel_count)
        self.assertTrue(self.graph.edges)
        self.assertIn("cupoker", ts.wse_algorithms())

    def test_cupoker_layout_is_legal_and_survives_a_paint_file(self):
        r = ts.place_wse(self.graph, "cupoker", threads=1, effort=0.2)
        self.assertTrue(r.found, r.message)
        self.assertTrue(r.evaluation.legal, r.evaluation.violations)
        self.assertEqual(r.layout.placed_count, self.graph.kernel_count)
        e = ts.evaluate(r.layout)
        self.assertEqual((e.mt, e.wl, e.ac, e.score), (r.evaluation.mt, r.evaluation.wl, r.evaluation.ac, r.evaluation.score))
        path = os.path.join(output_dir("wse"), "layout.paint")
        ts.write_paint(path, r.layout)
        self.assertAlmostEqual(ts.evaluate_paint(self.graph, path).score, e.score)
        back = ts.read_paint(self.graph, path)
        self.assertEqual(back.kernels, r.layout.kernels)

    def test_a_bundled_solution_evaluates(self):
        e = ts.evaluate_paint(self.graph, sample("wse/resnet50_coarse.paint"))
        self.assertTrue(e.legal, e.violations)
        self.assertIsNotNone(e.critical_kernel)

    def test_an_illegal_layout_is_reported(self):
        path = os.path.join(output_dir("wse_bad"), "bad.paint")
        with open(sample("wse/resnet50_coarse.paint")) as f:
            lines = [l for l in f if "place(" not in l]  # nothing placed
        with open(path, "w") as f:
            f.writelines(lines)
        e = ts.evaluate_paint(self.graph, path)
        self.assertFalse(e.legal)
        self.assertIn("unplaced", {v["code"] for v in e.violations})


if __name__ == "__main__":
    unittest.main()
