"""An IRON-style flow with TileStudio as the placer.

IRON's SAPlacer writes the design as an np-flow netlist (netlist.json), runs a placer on it and
reads the placed netlist back (col_x/row_y per node, routing_info per net). Here the netlist is a
Python dict, and TileStudio places (simulated annealing, congestion-aware cost), routes (MILP
router) and checks it in-process. Run: python3 iron_flow.py
"""
import tilestudio as ts


def net(net_id, name, src, dsts, size):
    """An object FIFO: producer `src`, consumers `dsts`, two buffers at each end."""
    return {"net_id": net_id, "net_name": name, "src_id": src, "dst_ids": dsts,
            "depths": [2] * (1 + len(dsts)), "byte_size_per_depth": size}


# Two workers read the input through a memory tile; a third joins their results.
# Node 4 (the shim) is already placed, so it stays where IRON put it.
nodes = [{"id": i, "type": "COMP", "col_x": -1, "row_y": -1} for i in range(3)]
nodes += [{"id": 3, "type": "MEM", "col_x": -1, "row_y": -1},
          {"id": 4, "type": "SHIM", "col_x": 0, "row_y": 0}]
netlist = {
    "nodes": nodes,
    "nets": [net(0, "of_in", 4, [3], 4096), net(1, "of_in_fwd", 3, [0, 1], 4096),
             net(2, "of_a", 0, [2], 1024), net(3, "of_b", 1, [2], 1024), net(4, "of_out", 2, [4], 1024)],
    "links": [{"src_net_ids": [0], "dst_net_ids": [1]}],
}

design = ts.design_from_netlist(netlist, device="npu2", name="iron_pipeline")
result = ts.pnr(design, placer="sa", router="milp", seed=1, placer_settings={"cost": "bbcg"})
print(result, "route length", result.qor["route_length"])

placed = result.netlist()  # what IRON reads back from pnr_placed_netlist.json
for node in placed["nodes"]:
    print(f"node {node['id']} {node['type']:4} col_x={node['col_x']} row_y={node['row_y']}")
for n in placed["nets"]:
    print(f"net {n['net_name']:9} {n['routing_info']['connection_type']}")
print("routing_cost", placed["routing"]["routing_cost"])
