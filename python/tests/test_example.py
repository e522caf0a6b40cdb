"""The README's IRON-style example runs and places every node, keeping the one IRON placed."""
import os
import re
import subprocess
import sys
import unittest

from support import SOURCE_DIR


class IronExample(unittest.TestCase):
    def test_example_places_and_routes_the_netlist(self):
        script = os.path.join(SOURCE_DIR, "python", "examples", "iron_flow.py")
        out = subprocess.run([sys.executable, script], check=True, capture_output=True, text=True).stdout
        print(out)
        self.assertIn("PnrResult success", out)
        nodes = re.findall(r"node (\d) (\w+) +col_x=(-?\d+) row_y=(-?\d+)", out)
        self.assertEqual(len(nodes), 5)
        self.assertTrue(all(int(c) >= 0 and int(r) >= 0 for _, _, c, r in nodes))
        self.assertIn(("4", "SHIM", "0", "0"), nodes)
        self.assertEqual(len(re.findall(r"net of_\w+ +(circuit_switch|packet_switch|neighbor_sharing|intra_tile)", out)), 5)
        cost = float(re.search(r"routing_cost (\S+)", out).group(1))
        self.assertLess(cost, 1e9)


if __name__ == "__main__":
    unittest.main()
