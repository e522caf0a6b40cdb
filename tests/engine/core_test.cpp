// RunContext (stop, pause, time limit, throttling), parameters and JSON locations.
#include <gtest/gtest.h>

#include <thread>

#include "engine/core/csv.h"
#include "engine/core/error.h"
#include "engine/core/json_locate.h"
#include "engine/core/json_text.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"

using namespace ts::core;

namespace {

struct CountingSink : ProgressSink {
  std::atomic<int> samples{0}, snapshots{0};
  void onSample(const QorSample&) override { ++samples; }
  void onSnapshot(std::shared_ptr<const Snapshot>) override { ++snapshots; }
};

}  // namespace

TEST(RunContext, StopAndTimeLimit) {
  RunContext ctx(7, 0.05);
  EXPECT_EQ(ctx.seed(), 7u);
  EXPECT_FALSE(ctx.shouldStop());
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  EXPECT_TRUE(ctx.timeUp());
  EXPECT_TRUE(ctx.shouldStop());
  RunContext unlimited;
  EXPECT_FALSE(unlimited.shouldStop());
  unlimited.cancel().requestStop();
  EXPECT_TRUE(unlimited.shouldStop());
}

TEST(RunContext, PauseBlocksAndIsNotCountedAsRunningTime) {
  auto token = std::make_shared<CancelToken>();
  RunContext ctx(1, 0, token);
  token->setPaused(true);
  std::thread resume([token] {
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    token->setPaused(false);
  });
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(ctx.shouldStop());  // blocks while paused
  double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  resume.join();
  EXPECT_GE(waited, 0.1);
  EXPECT_LT(ctx.elapsed(), waited);  // the pause is not running time
}

TEST(RunContext, StopWhilePausedReturnsPromptly) {
  auto token = std::make_shared<CancelToken>();
  RunContext ctx(1, 0, token);
  token->setPaused(true);
  std::thread stopper([token] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    token->requestStop();
  });
  EXPECT_TRUE(ctx.shouldStop());
  stopper.join();
}

TEST(RunContext, PublishingIsThrottledButForcedOnesGoThrough) {
  CountingSink sink;
  RunContext ctx(1, 0, nullptr, &sink);
  for (int i = 0; i < 1000; ++i) {
    ctx.publishSample(QorSample{}.add("cost", i));
    ctx.publishSnapshot(std::make_shared<Snapshot>());
  }
  EXPECT_EQ(sink.samples, 1);  // all within the first 50 ms
  EXPECT_EQ(sink.snapshots, 1);
  ctx.publishSnapshot(std::make_shared<Snapshot>(), true);
  EXPECT_EQ(sink.snapshots, 2);
  RunContext silent;
  EXPECT_FALSE(silent.sampleDue());  // no sink: nobody to build samples for
}

TEST(Params, BindApplyAndDescribe) {
  struct Config {
    int iterations = 100;
    double alpha = 0.5;
    bool verbose = false;
    std::string cost = "bb";
  } cfg;
  ParamBinder b;
  b.bind("iterations", cfg.iterations, "moves per temperature", 1, 1e6);
  b.bind("alpha", cfg.alpha, "weight", 0, 1);
  b.bind("verbose", cfg.verbose, "log more");
  b.bindChoice("cost", cfg.cost, {"bb", "bbcg", "milp"}, "cost function");
  auto specs = b.specs();
  ASSERT_EQ(specs.size(), 4u);
  EXPECT_EQ(specs[0].defaultValue, "100");
  EXPECT_EQ(specs[3].type, ParamType::Choice);
  ParamValues v;
  parseParamAssignment("iterations=250", v);
  parseParamAssignment("cost=bbcg", v);
  parseParamAssignment("verbose=true", v);
  b.apply(v);
  EXPECT_EQ(cfg.iterations, 250);
  EXPECT_EQ(cfg.cost, "bbcg");
  EXPECT_TRUE(cfg.verbose);
  EXPECT_EQ(b.specs()[0].defaultValue, "250");
  EXPECT_THROW(b.apply({{"alpha", "2"}}), Error);         // out of range
  EXPECT_THROW(b.apply({{"iterations", "1.5"}}), Error);  // not an integer
  EXPECT_THROW(b.apply({{"cost", "hpwl"}}), Error);       // not a choice
  EXPECT_THROW(b.apply({{"colour", "red"}}), Error);      // unknown key
  EXPECT_THROW(parseParamAssignment("novalue", v), Error);
}

TEST(JsonLocate, FindsNestedValues) {
  std::string text = "{\n  \"a\": 1,\n  \"list\": [\n    {\"x\": 1},\n    {\"y\": [1, 2]}\n  ]\n}\n";
  EXPECT_EQ(locateJsonPointer(text, "/list/1").first, 5);
  EXPECT_EQ(locateJsonPointer(text, "/list/1/y").first, 5);
  EXPECT_EQ(locateJsonPointer(text, "/list/0/x").first, 4);
  EXPECT_EQ(locateJsonPointer(text, "/a").first, 2);
  EXPECT_EQ(locateJsonPointer(text, "/list/9").first, 3);  // deepest existing parent
}

// Every way nlohmann can refuse text must come out as an InputError with a line, never as the
// parser's own exception (which the CLI would report as an internal error).
TEST(JsonText, RefusalsNameTheLineAndColumn) {
  auto errorOf = [](const std::string& text) {
    try {
      parseJsonText(text, "f.json");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(parseJsonText("{\"a\": [1, 2.5e3]}", "f.json")["a"][1].get<double>(), 2500.0);
  EXPECT_EQ(errorOf("{\n  \"a\": [1,,]\n}").rfind("f.json:2:", 0), 0u) << errorOf("{\n  \"a\": [1,,]\n}");
  EXPECT_EQ(errorOf("{\n  \"a\": 1e+310\n}"), "f.json:2:8: JSON value refused: number overflow parsing '1e+310'");
  EXPECT_EQ(errorOf("[\n-1e999]"), "f.json:2:1: JSON value refused: number overflow parsing '-1e999'");
  EXPECT_EQ(errorOf("{\"a\": 1,\n \"a\": 2}"), "f.json:2:2: key 'a' appears twice in this object");
  EXPECT_EQ(errorOf("").rfind("f.json:1:", 0), 0u) << errorOf("");
}

TEST(Errors, InputErrorFormatsTheLocation) {
  InputError e("f.yaml", 3, 7, "bad");
  EXPECT_STREQ(e.what(), "f.yaml:3:7: bad");
  EXPECT_STREQ(InputError("f.yaml", 0, 0, "bad").what(), "f.yaml: bad");
}

TEST(Csv, QuotesFieldsAsRfc4180AndReadsThemBack) {
  using ts::core::csvField;
  EXPECT_EQ(csvField("plain"), "plain");
  EXPECT_EQ(csvField("a,b"), "\"a,b\"");
  EXPECT_EQ(csvField("say \"hi\""), "\"say \"\"hi\"\"\"");
  auto records = ts::core::parseCsv("name,v\r\n\"a,b\",1\n\"two\nlines\",\"x\"\"y\"\n\nlast,", "t.csv");
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[1].fields, (std::vector<std::string>{"a,b", "1"}));
  EXPECT_EQ(records[2].fields, (std::vector<std::string>{"two\nlines", "x\"y"}));
  EXPECT_EQ(records[2].line, 3);
  EXPECT_EQ(records[3].line, 6);
  EXPECT_EQ(records[3].fields, (std::vector<std::string>{"last", ""}));
  try {
    ts::core::parseCsv("a,\"open\n", "bad.csv");
    ADD_FAILURE() << "unterminated quote accepted";
  } catch (const ts::core::InputError& e) {
    EXPECT_EQ(e.line(), 1);
  }
  EXPECT_THROW(ts::core::parseCsv("a\"b,c\n", "bad.csv"), ts::core::InputError);
}
