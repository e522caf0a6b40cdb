// The GEMM tiling planner (engine/aie/gemm): the single-core program (Eqs. 1-5), the system
// model (Eqs. 6-10) on hand-computed cases, the ranking, and the generated whole-array design
// placing and routing on npu1 and npu2.
#include <gtest/gtest.h>

#include "engine/aie/bench/gemm.h"
#include "engine/aie/device_library.h"
#include "engine/aie/flow/pnr_flow.h"
#include "engine/aie/gemm/efficiency.h"
#include "engine/aie/gemm/gemm_design.h"
#include "engine/aie/gemm/paper_tables.h"
#include "engine/aie/gemm/single_core.h"
#include "engine/aie/gemm/system_model.h"
#include "engine/core/error.h"

// Inside the planner's namespace: its Generation (npu1/npu2) hides ts::aie::Generation (AIE1/AIE2).
namespace ts::aie::gemm {
namespace {

const Generation kGenerations[] = {Generation::Xdna, Generation::Xdna2};
const GemmPrecision kPrecisions[] = {GemmPrecision::I8I8, GemmPrecision::I8I16, GemmPrecision::I8I32,
                                     GemmPrecision::Bf16};

void expectSound(const GenerationParams& p, const KernelShape& k) {
  SCOPED_TRACE(toString(k));
  EXPECT_EQ(k.m % p.mMultiple, 0);
  EXPECT_EQ(k.k % p.kMultiple, 0);
  EXPECT_EQ(k.n % p.nMultiple, 0);
  EXPECT_EQ(k.m % p.r, 0);
  EXPECT_EQ(k.k % p.s, 0);
  EXPECT_EQ(k.n % p.t, 0);
  const int64_t l1 = 2LL * k.m * k.k * p.bytes.a + 2LL * k.k * k.n * p.bytes.b + int64_t(k.m) * k.n * p.bytes.c;
  EXPECT_LT(l1, 63 * 1024);  // Eq. 5
  const SingleCoreCheck c = checkKernel(p, k);
  EXPECT_EQ(c.l1Bytes, l1);
  EXPECT_TRUE(c.feasible());
}

PlanRequest request(Generation g, GemmPrecision p, GemmSize size, int top = 0) {
  PlanRequest r;
  r.generation = g;
  r.precision = p;
  r.size = size;
  r.top = top;
  return r;
}

}  // namespace

TEST(GemmSingleCore, SolutionsRespectL1AndIntrinsicMultiples) {
  ts::core::RunContext ctx;
  for (Generation g : kGenerations)
    for (GemmPrecision pr : kPrecisions) {
      const GenerationParams p = generationParams(g, pr);
      for (SingleCoreObjective o :
           {SingleCoreObjective::MaxMacsThenMinOutput, SingleCoreObjective::LargestKThenMinOutput}) {
        const SingleCoreSolution s = solveSingleCore(p, o);
        ASSERT_TRUE(s.found);
        expectSound(p, s.kernel);
        // Exhaustive: no feasible kernel one multiple larger in any dimension.
        for (KernelShape bigger : {KernelShape{s.kernel.m + p.mMultiple, s.kernel.k, s.kernel.n},
                                   KernelShape{s.kernel.m, s.kernel.k + p.kMultiple, s.kernel.n},
                                   KernelShape{s.kernel.m, s.kernel.k, s.kernel.n + p.nMultiple}})
          if (o == SingleCoreObjective::MaxMacsThenMinOutput) {
            EXPECT_FALSE(checkKernel(p, bigger).feasible());
          }
      }
      for (const Candidate& c : plan(request(g, pr, {4096, 4096, 4096}, 0), ctx).ranked) expectSound(p, c.kernel);
    }
}

TEST(GemmSingleCore, LargestKObjectiveReproducesTable1) {
  for (const Table1Row& row : paperTable1()) {
    const GenerationParams p = generationParams(row.generation, row.precision);
    const SingleCoreSolution s = solveSingleCore(p, SingleCoreObjective::LargestKThenMinOutput);
    EXPECT_EQ(toString(s.kernel), toString(row.kernel)) << toString(row.generation) << " " << toString(row.precision);
    // The calibrated efficiency gives Table 1's measured throughput for its own kernel.
    EXPECT_NEAR(kernelEfficiency(p.eff, row.kernel) * p.peakMacsPerCycle, row.macsPerCycle, 1e-6);
  }
}

TEST(GemmSingleCore, Eq4RejectsDmaBoundKernels) {
  // XDNA int8-int32: 192 MACs/cycle at k = 280 needs n_ct >= 192 * 1 B / 4 B/cycle = 48.
  const GenerationParams p = generationParams(Generation::Xdna, GemmPrecision::I8I32);
  EXPECT_TRUE(checkKernel(p, {48, 280, 48}).feasible());
  const SingleCoreCheck c = checkKernel(p, {48, 280, 32});
  EXPECT_TRUE(c.fitsL1);
  EXPECT_FALSE(c.computeBound);
  // 48x288x48 uses exactly 63 KB: excluded (Table 1 gives 280).
  EXPECT_EQ(checkKernel(p, {48, 288, 48}).l1Bytes, 63 * 1024);
  EXPECT_FALSE(checkKernel(p, {48, 288, 48}).fitsL1);
  EXPECT_FALSE(checkKernel(p, {40, 280, 48}).multiplesOk);
}

TEST(GemmSystemModel, Eqs6To10OnHandComputedCase) {
  // XDNA int8-int8, 4032^3 with 112x112x112 on 4x4 cores, k_mt 448, efficiency 0.5.
  const GenerationParams p = generationParams(Generation::Xdna, GemmPrecision::I8I8);
  const KernelShape kn{112, 112, 112};
  const GemmSize s{4032, 4032, 4032};
  const DramTraffic t = dramTraffic(p, s, kn);
  EXPECT_DOUBLE_EQ(t.a, 146313216.0);  // 4032^3 * 1 / (112 * 4), Eq. 6
  EXPECT_DOUBLE_EQ(t.b, 146313216.0);  // Eq. 7
  EXPECT_DOUBLE_EQ(t.c, 16257024.0);   // 4032^2 * 1, Eq. 8
  EXPECT_EQ(chooseKMt(p, kn), 448);
  const SystemTimes st = systemTimes(p, s, kn, 448, BLayout::Col, 0.5);
  EXPECT_NEAR(st.tCompEq9, 131096641536.0 / (0.5 * 256 * 16 * 2 * 1e9), 1e-12);  // Eq. 9
  // 81 output tiles per core, each drained in 112 * 112 / 4 = 3136 cycles at 1 GHz.
  EXPECT_NEAR(st.tComp - st.tCompEq9, 81 * 3136 / 1e9, 1e-12);
  EXPECT_NEAR(st.tMem, 308883456.0 / 15e9, 1e-12);  // Eq. 10: k_mt runs are the reference runs
  EXPECT_DOUBLE_EQ(st.time(), st.tComp);
  // B row-major: runs of n_ct = 112 bytes get (112/128) / (448/464) of the bandwidth.
  const double f = (112.0 / 128.0) / (448.0 / 464.0);
  EXPECT_NEAR(contiguityFactor(p, 112), f, 1e-12);
  const SystemTimes row = systemTimes(p, s, kn, 448, BLayout::Row, 0.5);
  EXPECT_NEAR(row.tMem, (146313216.0 + 146313216.0 / f + 16257024.0) / 15e9, 1e-12);
  // Native size and padding (Sec. 4.2.2), XDNA2: (144 * 4) x 432 x (144 * 8).
  const GenerationParams p2 = generationParams(Generation::Xdna2, GemmPrecision::I8I8);
  const GemmSize native = nativeSize(p2, {144, 72, 144}, 432);
  EXPECT_EQ(native.m, 576);
  EXPECT_EQ(native.k, 432);
  EXPECT_EQ(native.n, 1152);
  const GemmSize padded = paddedSize({4096, 4096, 4096}, native);
  EXPECT_EQ(padded.m, 4608);
  EXPECT_EQ(padded.k, 4320);
  EXPECT_EQ(padded.n, 4608);
  // L2 of Table 2's first int8-int8 row: 980 KB (A, B double-buffered, four C tiles per column).
  EXPECT_EQ(l2Bytes(p, kn, 448, BLayout::Col), 980 * 1024);
}

TEST(GemmPlanner, RankingIsOrderedAndUnderTheRoofline) {
  ts::core::RunContext ctx;
  for (Generation g : kGenerations)
    for (BLayout b : {BLayout::Col, BLayout::Row}) {
      PlanRequest r = request(g, GemmPrecision::I8I16, {2000, 3000, 1000}, 8);
      r.bLayout = b;
      const PlanResult res = plan(r, ctx);
      ASSERT_EQ(res.ranked.size(), 8u);
      EXPECT_GT(res.feasibleKernels, 8);
      for (size_t i = 0; i < res.ranked.size(); ++i) {
        const Candidate& c = res.ranked[i];
        EXPECT_EQ(c.rank, int(i) + 1);
        if (i) {
          EXPECT_LE(c.predictedTops, res.ranked[i - 1].predictedTops);
        }
        EXPECT_LE(c.predictedTops, c.peakComputeTops + 1e-9);
        EXPECT_LE(c.peakComputeTops, res.roofline.peakTops);
        EXPECT_LE(c.predictedTops, c.arithmeticIntensity * res.roofline.memorySlopeTopsPerOpByte + 1e-9);
        EXPECT_EQ(c.computeBound, c.tCompSeconds >= c.tMemSeconds);
        EXPECT_GE(c.padded.m, 2000);
        EXPECT_EQ(c.padded.m % (int64_t(c.kernel.m) * res.params.rows), 0);
        EXPECT_EQ(c.padded.k % c.kMt, 0);
        EXPECT_LE(c.l2Fraction, 1.0);
      }
    }
  EXPECT_THROW(plan(request(Generation::Xdna, GemmPrecision::Bf16, {0, 10, 10}), ctx), ts::core::Error);
}

TEST(GemmPlanner, ColumnMajorBIsNotSlowerWhenItsRunsAreLonger) {
  // B column-major reads runs of k_mt elements, row-major runs of n_ct (Sec. 4.2.2).
  ts::core::RunContext ctx;
  int longer = 0, shorter = 0;
  for (Generation g : kGenerations) {
    PlanRequest col = request(g, GemmPrecision::I8I8, {4096, 4096, 4096}, 0), row = col;
    row.bLayout = BLayout::Row;
    for (const Candidate& c : plan(col, ctx).ranked) {
      const Candidate r = evaluateKernel(row, c.kernel);
      SCOPED_TRACE(toString(c.kernel));
      if (c.kMt >= c.kernel.n) {
        ++longer;
        EXPECT_GE(c.predictedTops, r.predictedTops);
        EXPECT_GE(r.tMemSeconds, c.tMemSeconds);
      } else {
        ++shorter;
        EXPECT_LT(r.tMemSeconds, c.tMemSeconds);
      }
    }
  }
  EXPECT_GT(longer, 0);
  EXPECT_GT(shorter, 0);
  // XDNA2's best kernels are memory-bound: row-major B costs there.
  PlanRequest col = request(Generation::Xdna2, GemmPrecision::I8I8, {4096, 4096, 4096}, 1), row = col;
  row.bLayout = BLayout::Row;
  EXPECT_GT(plan(col, ctx).ranked.front().predictedTops, 1.05 * plan(row, ctx).ranked.front().predictedTops);
}

TEST(GemmPlanner, PaperKernelsRankNearTheTop) {
  // Tables 2-3 are the check: each paper kernel is feasible for the planner and ranks in its top
  // three at the row's size (see README, "GEMM tiling planner", for the misses).
  ts::core::RunContext ctx;
  for (const PaperComparison& c : compareWithPaper(ctx)) {
    SCOPED_TRACE(toString(c.paper.kernel));
    ASSERT_TRUE(c.planned.has_value());
    EXPECT_LE(c.planned->rank, 3);
    EXPECT_NEAR(c.planned->predictedTops / c.paper.actualTops, 1.0, 0.2);
  }
}

TEST(GemmDesign, PlannedDesignPlacesAndRoutesOnNpu1AndNpu2) {
  for (const char* name : {"npu1", "npu2"}) {
    SCOPED_TRACE(name);
    const Device device = loadDevice(name);
    ts::core::RunContext ctx;
    const PlanRequest r = request(*parseGeneration(name), GemmPrecision::Bf16, {1024, 1024, 1024}, 1);
    const Candidate top = plan(r, ctx).ranked.front();
    // The whole array with its intended placement, and a 2x2 block placed by simulated annealing.
    GemmDesignSpec whole = designSpecFor(device, r, top);
    EXPECT_EQ(whole.rows, 4);
    EXPECT_EQ(whole.cols, std::string(name) == "npu1" ? 4 : 8);
    GemmDesignSpec small = whole;
    small.rows = small.cols = 2;
    for (const auto& [spec, placer] : {std::pair{whole, "manual"}, std::pair{small, "sa"}}) {
      const GeneratedDesign g = generateGemmDesign(device, spec);
      EXPECT_EQ(g.design.countCores(CoreKind::Compute), spec.rows * spec.cols);
      PnrFlowConfig cfg;
      cfg.placer = placer;
      ts::core::RunContext run(1, 20);
      const PnrResult res = runPnr(g.design, device, g.placement, cfg, run);
      EXPECT_TRUE(res.success) << placer << ": " << res.stage << " " << res.status;
      EXPECT_TRUE(res.placementViolations.empty());
      EXPECT_TRUE(res.routingViolations.empty());
    }
  }
}

TEST(GemmDesign, SuiteGemmUsesThePlannersKernel) {
  const Device device = loadDevice("npu2");
  ts::core::RunContext ctx;
  const Candidate top =
      plan(request(Generation::Xdna2, GemmPrecision::I8I32, {4096, 4096, 4096}, 1), ctx).ranked.front();
  GemmSpec spec;
  spec.rows = 2;
  spec.cols = 4;
  spec.precision = GemmPrecision::I8I32;
  const GeneratedDesign g = generateGemm(device, spec);
  EXPECT_NE(g.design.description.find(toString(top.kernel) + " per core"), std::string::npos) << g.design.description;
  EXPECT_THROW(generateGemm(device, GemmSpec{"too_big", 5, 8, GemmPrecision::I8I8}), ts::core::Error);
}

}  // namespace ts::aie::gemm
