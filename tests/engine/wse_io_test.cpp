// .kgraph and .paint readers: every irregularity of the contest files is accepted, malformed
// input is an InputError naming the line, and writers round-trip.
#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/io/paint_io.h"
#include "test_util.h"
#include "wse_test_util.h"

using namespace ts::wse;
using ts::core::InputError;
using ts::test::caseGraph;
using ts::test::sharedData;

namespace {

const char* kHeader = "(*\ntest=t\nwidth=633\nheight=633\nwdeltat=1\nwlength=1\nwadapter=0\nmemlimit=24576\n*)\n";

/// Parses `body` after the standard 9-line header and returns the InputError's line (0 if none).
int errorLine(const std::string& body, std::string* message = nullptr) {
  try {
    parseKgraph(kHeader + body, "bad.kgraph");
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "bad.kgraph");
    if (message) *message = e.message();
    return e.line();
  }
  return 0;
}

}  // namespace

TEST(WseKgraph, ContestCasesParseWithTheirIrregularities) {
  struct Expect {
    const char* name;
    int kernels, edges;
    double wl, wa;
  } cases[] = {{"A", 16, 15, 1, 0},    {"B", 32, 31, 1, 0},    {"C", 100, 131, 1, 0},    {"D", 52, 67, 1, 0},
               {"E", 16, 15, 10, 100}, {"F", 32, 31, 10, 100}, {"G", 100, 131, 10, 100}, {"H", 52, 67, 10, 100}};
  for (const auto& c : cases) {
    KernelGraph g = caseGraph(c.name);
    EXPECT_EQ(g.kernelCount(), c.kernels) << c.name;
    EXPECT_EQ(int(g.kernelEdges.size()), c.edges) << c.name;
    EXPECT_EQ(g.width, 633);
    EXPECT_EQ(g.height, 633);
    EXPECT_EQ(g.memlimit, 24576);
    EXPECT_EQ(g.wdeltat, 1);
    EXPECT_EQ(g.wlength, c.wl) << c.name;
    EXPECT_EQ(g.wadapter, c.wa) << c.name;
    EXPECT_EQ(int(depthFirstTopologicalOrder(g).size()), c.kernels) << c.name;
  }
}

TEST(WseKgraph, DataFlowOrderComesFromTheEdgesNotTheIndices) {
  // A lists cblock[1..4] first, deepest stage first; data flows input -> cblock[4] -> ...
  KernelGraph a = caseGraph("A");
  auto order = depthFirstTopologicalOrder(a);
  EXPECT_EQ(a.kernels[size_t(order.front())].name, "k4");
  EXPECT_EQ(a.kernels[size_t(order.back())].name, "k5");
  EXPECT_FALSE(a.hasForks());
  EXPECT_TRUE(caseGraph("D").hasForks());
}

TEST(WseKgraph, RepeatedNameOnInputsLastOneWins) {
  KernelGraph b = caseGraph("B");  // input[ 0] n=[112 112 256] name='x' name='k0'
  EXPECT_EQ(b.nodes[0].name, "k0");
  EXPECT_EQ(b.nodes[0].dims, (std::vector<int>{112, 112, 256}));
}

TEST(WseKgraph, SamplesWithoutNamesGetIndexNames) {
  KernelGraph conv = readKgraph(sharedData("ispd20/samples/conv.kgraph"));
  ASSERT_EQ(conv.kernelCount(), 2);
  EXPECT_EQ(conv.kernels[0].name, "k1");
  EXPECT_EQ(conv.kernels[1].spec.conv.R, 3);
  KernelGraph fork = readKgraph(sharedData("ispd20/samples/fork.kgraph"));
  EXPECT_EQ(fork.kernelCount(), 4);
  EXPECT_EQ(fork.kernelEdges.size(), 4u);
  EXPECT_TRUE(fork.hasForks());
}

TEST(WseKgraph, TabsBracketSpacingAndMissingFinalNewline) {
  std::string text =
      std::string(kHeader) +
      "input[ 0] n=[ 8 8 16 ]\nconv[1]\tW=8 H=8 R=1 S=1 C=16 K=16 T=1 U=1\n"
      "conv[ 2] W=8 H=8 R=3 S=3 C=16 K=16 T=1 U=1\noutput[3] n=[8 8 16]\n"
      "input[0]:_\t->\tconv[ 1]:x, shape:[8][8][16]\nconv[1]:y -> conv[2]:x\nconv[ 2]:y\t->\toutput[ 3]:_";
  KernelGraph g = parseKgraph(text);
  EXPECT_EQ(g.kernelCount(), 2);
  EXPECT_EQ(g.kernelEdges.size(), 1u);
  EXPECT_EQ(g.edges.size(), 3u);
}

TEST(WseKgraph, RoundTripThroughTheWriter) {
  KernelGraph d = caseGraph("D");
  KernelGraph again = parseKgraph(formatKgraph(d), "roundtrip.kgraph");
  ASSERT_EQ(again.kernelCount(), d.kernelCount());
  for (int i = 0; i < d.kernelCount(); ++i) {
    EXPECT_EQ(again.kernels[size_t(i)].name, d.kernels[size_t(i)].name);
    EXPECT_TRUE(again.kernels[size_t(i)].spec == d.kernels[size_t(i)].spec);
  }
  ASSERT_EQ(again.kernelEdges.size(), d.kernelEdges.size());
  for (size_t e = 0; e < d.kernelEdges.size(); ++e) {
    EXPECT_EQ(again.kernelEdges[e].src, d.kernelEdges[e].src);
    EXPECT_EQ(again.kernelEdges[e].dst, d.kernelEdges[e].dst);
  }
  EXPECT_EQ(again.test, d.test);
  EXPECT_EQ(again.wlength, d.wlength);
}

TEST(WseKgraph, MalformedFilesNameTheLine) {
  const std::string conv1 = "conv[1] W=8 H=8 R=1 S=1 C=16 K=16 T=1 U=1\n";  // line 10
  std::string msg;
  EXPECT_EQ(errorLine(conv1 + "pool[2] k=3\n", &msg), 11);
  EXPECT_NE(msg.find("unknown node type 'pool'"), std::string::npos) << msg;
  EXPECT_EQ(errorLine("conv[1] W=8 H=8 R=1 S=1 C=16 T=1\n", &msg), 10);
  EXPECT_NE(msg.find("missing attribute 'K'"), std::string::npos) << msg;
  EXPECT_EQ(errorLine(conv1 + "dblock[2] f=abc h=7 w=7\n", &msg), 11);
  EXPECT_NE(msg.find("integer"), std::string::npos) << msg;
  EXPECT_EQ(errorLine(conv1 + "\nconv[1]:y -> conv[9]:x\n", &msg), 12);
  EXPECT_NE(msg.find("not defined"), std::string::npos) << msg;
  EXPECT_EQ(errorLine(conv1 + "conv[2] W=8 H=8 R=1 S=1 C=16 K=16 T=1 U=1\ndblock[1]:y -> conv[2]:x\n", &msg), 12);
  EXPECT_NE(msg.find("is a conv"), std::string::npos) << msg;
  EXPECT_EQ(errorLine(conv1 + conv1, &msg), 11);
  EXPECT_NE(msg.find("defined twice"), std::string::npos) << msg;
  EXPECT_EQ(
      errorLine(conv1 + "conv[2] W=8 H=8 R=1 S=1 C=16 K=16 T=1 U=1\nconv[1]:y -> conv[2]:x\nconv[2]:y -> conv[1]:x\n",
                &msg),
      12);
  EXPECT_NE(msg.find("cycle"), std::string::npos) << msg;
  EXPECT_EQ(errorLine(conv1 + "dblock[2] f=30 h=7 w=7\n", &msg), 11);
  EXPECT_NE(msg.find("multiple of 4"), std::string::npos) << msg;
  EXPECT_EQ(errorLine(conv1 + "(* never closed\n", &msg), 11);
  EXPECT_EQ(errorLine(conv1 + "conv[2] W=8 H=8 R=1 S=1 C=16 K=16 T=1 U=1\nconv[1]:y -> conv[2]:x junk\n", &msg), 12);
  EXPECT_NE(msg.find("after the connection"), std::string::npos) << msg;
  EXPECT_EQ(errorLine(conv1 + "conv[2 W=8\n", &msg), 11);
  EXPECT_NE(msg.find("expected ']'"), std::string::npos) << msg;
  // Header values.
  try {
    parseKgraph("(*\ntest=t\nwidth=abc\n*)\n" + conv1, "h.kgraph");
    FAIL() << "bad width accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(e.message().find("width"), std::string::npos);
  }
  EXPECT_THROW(parseKgraph(kHeader, "empty.kgraph"), InputError);  // no kernels
}

TEST(WsePaint, RoundTripKeepsEveryKernel) {
  KernelGraph c = caseGraph("C");
  PaintSolution sol = readPaint(sharedData("ispd20/solutions/C_searsm8_placement.paint"), c);
  std::vector<ts::wse::Violation> mismatches;
  Layout layout = layoutFromPaint(c, sol, &mismatches);
  EXPECT_TRUE(mismatches.empty());
  Layout again = layoutFromPaint(c, parsePaint(formatPaint(c, layout), c, "again.paint"), nullptr);
  for (int i = 0; i < c.kernelCount(); ++i) {
    EXPECT_TRUE(again.kernels[size_t(i)].args == layout.kernels[size_t(i)].args);
    EXPECT_EQ(again.kernels[size_t(i)].x, layout.kernels[size_t(i)].x);
    EXPECT_EQ(again.kernels[size_t(i)].y, layout.kernels[size_t(i)].y);
    EXPECT_EQ(again.kernels[size_t(i)].rotated, layout.kernels[size_t(i)].rotated);
  }
  EXPECT_EQ(evaluate(c, again).score, evaluate(c, layout).score);
}

TEST(WsePaint, BlocksAndRotationParse) {
  KernelGraph a = caseGraph("A");
  std::string text =
      "k4 = cblock( 112 112 256 4 4 8 8 8 8 32 32 8 19 )\nk4 : place(0 148 R90)\n"
      "k16 = dblock(56 56 256 4 4 8 8 8 8 64 16)\nk16 : place(150 0 R0) ; \n";
  PaintSolution sol = parsePaint(text, a, "p.paint");
  const PaintKernel& k4 = sol.kernels[size_t(a.findKernel("k4"))];
  EXPECT_TRUE(k4.defined && k4.placed && k4.rotated);
  EXPECT_EQ(k4.args.k, (ConvValues{32, 32, 8, 19}));
  const PaintKernel& k16 = sol.kernels[size_t(a.findKernel("k16"))];
  EXPECT_EQ(k16.args.c, (ConvValues{8, 8, 8}));
  EXPECT_FALSE(k16.rotated);
  EXPECT_EQ(k16.placeLine, 4);
}

TEST(WsePaint, MalformedSolutionsNameTheLine) {
  KernelGraph a = caseGraph("A");
  auto line = [&](const std::string& text, const std::string& expect) {
    try {
      parsePaint(text, a, "bad.paint");
    } catch (const InputError& e) {
      EXPECT_NE(e.message().find(expect), std::string::npos) << e.what();
      EXPECT_EQ(e.file(), "bad.paint");
      return e.line();
    }
    ADD_FAILURE() << "accepted: " << text;
    return 0;
  };
  const std::string ok = "k4 = cblock( 112 112 256 4 4 8 8 8 8 32 32 8 19 )\n";
  EXPECT_EQ(line(ok + "k99 : place(0 0 R0)\n", "not in the graph"), 2);
  EXPECT_EQ(line(ok + "k5 = dblock( 7 7 2048 1 1 2 2 )\n", "needs 11 integers"), 2);
  EXPECT_EQ(line(ok + "k4 : place(0 0 R45)\n", "R0 or R90"), 2);
  EXPECT_EQ(line(ok + "k4 : place(0 0 R0)\nk4 : place(1 1 R0)\n", "placed twice"), 3);
  EXPECT_EQ(line(ok + ok, "defined twice"), 2);
  EXPECT_EQ(line("k4 = pool( 1 2 3 )\n", "unknown kernel type"), 1);
  EXPECT_EQ(line(ok + "k4 place(0 0 R0)\n", "expected '=' or ':'"), 2);
  EXPECT_EQ(line(ok + "k4 : place(0 x R0)\n", "y coordinate"), 2);
  EXPECT_EQ(line("\n\nk4 = cblock( 112 112 256 4 4\n", "not closed"), 3);
}
