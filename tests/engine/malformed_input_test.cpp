// Every malformed input gives a one-line InputError naming the line and the problem, never a
// crash. Formats: device YAML, design YAML, placement YAML and CSV, np-flow JSON.
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "test_util.h"

using namespace ts::aie;

namespace {

enum class Format { Device, Design, Placement, PlacementCsv, Npflow };

struct BadInput {
  const char* name;
  Format format;
  const char* text;
  int line;             ///< expected line (1-based)
  const char* mention;  ///< expected part of the message
};

const char* kDesign = R"(design: d
device: npu2
cores:
  - {name: a, kind: compute}
  - {name: b, kind: compute}
nets:
  - {name: ab, source: a, targets: [b], bytes: 64}
)";

const char* kDevice = R"(name: x
generation: aie2
columns: 2
rows: [shim, compute]
resources:
  compute: {memory_kib: 64, locks: 16, buffer_descriptors: 16, dma_in: 2, dma_out: 2}
  shim: {memory_kib: 0, locks: 16, buffer_descriptors: 16, dma_in: 2, dma_out: 2}
)";

const BadInput kCases[] = {
    {"yaml_syntax", Format::Design, "design: d\ndevice: npu2\ncores: [\n  {name: a\n", 5, "YAML syntax"},
    {"design_missing_cores", Format::Design, "design: d\ndevice: npu2\nnets: []\n", 1, "missing required key 'cores'"},
    {"design_unknown_key", Format::Design, "design: d\ndevice: npu2\ncores: []\ncolour: red\n", 4,
     "unknown key 'colour'"},
    {"core_bad_kind", Format::Design, "design: d\ndevice: npu2\ncores:\n  - {name: a, kind: gpu}\n", 4,
     "expected compute, mem or shim"},
    {"core_duplicate", Format::Design, "design: d\ndevice: npu2\ncores:\n  - {name: a}\n  - {name: a}\n", 5,
     "defined twice"},
    {"core_pin_not_pair", Format::Design, "design: d\ndevice: npu2\ncores:\n  - {name: a, pin: [1]}\n", 4,
     "[col, row]"},
    {"net_unknown_target", Format::Design,
     "design: d\ndevice: npu2\ncores:\n  - {name: a}\nnets:\n  - {name: n, source: a, targets: [zz], bytes: 4}\n", 6,
     "no core named 'zz'"},
    {"net_bytes_text", Format::Design,
     "design: d\ndevice: npu2\ncores:\n  - {name: a}\n  - {name: b}\nnets:\n  - {name: n, source: a, targets: [b], "
     "bytes: many}\n",
     7, "expected an integer"},
    {"net_bytes_zero", Format::Design,
     "design: d\ndevice: npu2\ncores:\n  - {name: a}\n  - {name: b}\nnets:\n  - {name: n, source: a, targets: [b], "
     "bytes: 0}\n",
     7, "out of range"},
    {"net_self_loop", Format::Design,
     "design: d\ndevice: npu2\ncores:\n  - {name: a}\nnets:\n  - {name: n, source: a, targets: [a], bytes: 4}\n", 6,
     "cannot send to itself"},
    {"net_depths_count", Format::Design,
     "design: d\ndevice: npu2\ncores:\n  - {name: a}\n  - {name: b}\nnets:\n  - {name: n, source: a, targets: [b], "
     "bytes: 4, depths: [2]}\n",
     7, "producer first"},
    {"link_unknown_net", Format::Design,
     "design: d\ndevice: npu2\ncores:\n  - {name: a}\nlinks:\n  - {inputs: [x], outputs: [y]}\n", 6,
     "no net named 'x'"},
    {"link_wrong_via", Format::Design,
     "design: d\ndevice: npu2\ncores:\n  - {name: a}\n  - {name: b}\n  - {name: c}\nnets:\n"
     "  - {name: ab, source: a, targets: [b], bytes: 4}\n  - {name: ac, source: a, targets: [c], bytes: 4}\n"
     "links:\n  - {inputs: [ab], outputs: [ac]}\n",
     11, "does not end at 'a'"},
    {"cascade_not_pair", Format::Design, "design: d\ndevice: npu2\ncores:\n  - {name: a}\ncascades:\n  - [a]\n", 6,
     "[from_core, to_core]"},
    {"placement_unknown_core", Format::Placement, "placement:\n  zz: [0, 2]\n", 2, "no core named 'zz'"},
    {"placement_negative", Format::Placement, "placement:\n  a: [-1, 2]\n", 2, "out of range"},
    {"placement_bad_pinned", Format::Placement, "placement:\n  a: {tile: [0, 2], pinned: maybe}\n", 2, "true or false"},
    {"placement_csv_text", Format::PlacementCsv, "core,kind,col,row,pinned\na,compute,x,2,0\n", 2, "must be an integer"},
    {"placement_csv_short", Format::PlacementCsv, "core,kind,col,row,pinned\na,compute\n", 2, "core,kind,col,row"},
    {"device_bad_generation", Format::Device, "name: x\ngeneration: aie9\ncolumns: 2\n", 2, "aie1 or aie2"},
    {"device_bad_role", Format::Device, "name: x\ngeneration: aie2\ncolumns: 2\nrows: [shim, fpga]\n", 4,
     "shim, mem or compute"},
    {"device_missing_resources", Format::Device, "name: x\ngeneration: aie2\ncolumns: 2\nrows: [shim]\n", 1,
     "resources"},
    {"device_dma_text", Format::Device,
     "name: x\ngeneration: aie2\ncolumns: 1\nrows: [shim]\nresources:\n  shim: {memory_kib: 0, locks: 16, "
     "buffer_descriptors: 16, dma_in: two, dma_out: 2}\n",
     6, "expected an integer"},
    {"device_bd_per_channel_over_the_tile", Format::Device,
     "name: x\ngeneration: aie2\ncolumns: 1\nrows: [shim]\nresources:\n  shim: {memory_kib: 0, locks: 16, "
     "buffer_descriptors: 16, bd_per_channel: 24, dma_in: 2, dma_out: 2}\n",
     6, "bd_per_channel"},
    {"device_negative_dma_flows_per_channel", Format::Device,
     "name: x\ngeneration: aie2\ncolumns: 1\nrows: [shim]\nresources:\n  shim: {memory_kib: 0, locks: 16, "
     "buffer_descriptors: 16, dma_in: 2, dma_out: 2}\npacket: {dma_flows_per_channel: -1}\n",
     7, "dma_flows_per_channel"},
    {"json_syntax", Format::Npflow, "{\n  \"nodes\": [\n    {\"id\": 0,, \"type\": \"COMP\"}\n  ]\n}\n", 3,
     "JSON syntax"},
    {"json_missing_nets", Format::Npflow, "{\n  \"nodes\": []\n}\n", 1, "missing field 'nets'"},
    {"json_bad_type", Format::Npflow, "{\"nodes\": [\n  {\"id\": 0, \"type\": \"GPU\"}\n], \"nets\": []}\n", 2,
     "COMP, MEM or SHIM"},
    {"json_duplicate_id", Format::Npflow,
     "{\"nodes\": [\n  {\"id\": 0, \"type\": \"COMP\"},\n  {\"id\": 0, \"type\": \"COMP\"}\n], \"nets\": []}\n", 3,
     "is used twice"},
    {"json_dst_unknown", Format::Npflow,
     "{\"nodes\": [{\"id\": 0, \"type\": \"COMP\"}],\n \"nets\": [\n  {\"net_id\": 0, \"src_id\": 0, \"dst_ids\": "
     "[7],\n"
     "   \"depths\": [2, 2], \"byte_size_per_depth\": 4}]}\n",
     3, "no node 7"},
    {"json_depths_count", Format::Npflow,
     "{\"nodes\": [{\"id\": 0, \"type\": \"COMP\"}, {\"id\": 1, \"type\": \"COMP\"}],\n \"nets\": [\n"
     "  {\"net_id\": 0, \"src_id\": 0, \"dst_ids\": [1],\n   \"depths\": [2, 2, 2], \"byte_size_per_depth\": 4}]}\n",
     4, "producer first"},
    {"json_half_placed", Format::Npflow,
     "{\"nodes\": [\n  {\"id\": 0, \"type\": \"COMP\", \"col_x\": 3, \"row_y\": -1}], \"nets\": []}\n", 2,
     "both be set"},
    {"json_empty", Format::Npflow, "", 1, "JSON syntax"},
    {"yaml_empty", Format::Design, "", 1, "empty"},
};

void parse(const BadInput& c) {
  switch (c.format) {
    case Format::Device:
      parseDeviceYaml(c.text, "bad.yaml");
      break;
    case Format::Design:
      parseDesignYaml(c.text, "bad.yaml");
      break;
    case Format::Placement: {
      Design d = parseDesignYaml(kDesign, "d.yaml").design;
      parsePlacementYaml(c.text, "bad.yaml", d);
      break;
    }
    case Format::PlacementCsv: {
      Design d = parseDesignYaml(kDesign, "d.yaml").design;
      std::string dir = ts::test::outputDir(std::string("bad_csv_") + c.name);
      ts::core::writeFileAtomically(dir + "/bad.csv", c.text);
      loadPlacementFile(dir + "/bad.csv", d);
      break;
    }
    case Format::Npflow:
      parseNpflowNetlist(c.text, "bad.json", "npu2");
      break;
  }
}

void PrintTo(const BadInput& c, std::ostream* os) {
  *os << c.name;
}

class MalformedInput : public ::testing::TestWithParam<BadInput> {};

}  // namespace

TEST_P(MalformedInput, GivesALocatedOneLineError) {
  const BadInput& c = GetParam();
  try {
    parse(c);
    FAIL() << "no error for " << c.name;
  } catch (const ts::core::InputError& e) {
    std::string msg = e.what();
    EXPECT_EQ(e.line(), c.line) << msg;
    EXPECT_NE(msg.find(c.mention), std::string::npos) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "multi-line message: " << msg;
    EXPECT_EQ(msg.rfind(e.file() + ":", 0), 0u) << "message must start with the file name: " << msg;
    EXPECT_NE(e.file().find("bad."), std::string::npos) << e.file();
  }
}

INSTANTIATE_TEST_SUITE_P(AllFormats, MalformedInput, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(MalformedInput, ValidReferenceInputsParse) {
  // Guards the fixtures above: the unmodified texts are fine.
  EXPECT_NO_THROW(parseDesignYaml(kDesign, "d.yaml"));
  EXPECT_NO_THROW(parseDeviceYaml(kDevice, "x.yaml"));
}

TEST(MalformedInput, MissingFileNamesThePath) {
  try {
    ts::core::readFile("/no/such/design.yaml");
    FAIL();
  } catch (const ts::core::InputError& e) {
    EXPECT_EQ(e.file(), "/no/such/design.yaml");
  }
}
