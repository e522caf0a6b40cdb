#pragma once
// Every widget and studio test class (tests/widgets/*_test.cpp) is compiled into one binary,
// widget_tests, and registers itself under its file's base name with TS_WIDGET_TEST(Class) in
// place of QTEST_MAIN(Class); widget_test_main.cpp runs the one named on the command line.
#include <QObject>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace ts::test {

using WidgetTestFactory = std::function<std::unique_ptr<QObject>()>;

/// Test classes by the base name of the file that registers them ("aie_canvas_test").
inline std::map<std::string, WidgetTestFactory>& widgetTests() {
  static std::map<std::string, WidgetTestFactory> tests;
  return tests;
}

/// Registers under the file's stem ("/src/tests/widgets/aie_canvas_test.cpp" -> "aie_canvas_test");
/// a second class under the same name would silently take the first one's ctest test, so it aborts.
struct WidgetTestRegistrar {
  WidgetTestRegistrar(const char* file, WidgetTestFactory make) {
    const std::string name = std::filesystem::path(file).stem().string();
    if (!widgetTests().emplace(name, std::move(make)).second) {
      std::fprintf(stderr, "two widget test classes are named %s\n", name.c_str());
      std::abort();
    }
  }
};

}  // namespace ts::test

/// QTEST_MAIN's replacement: the class is created after the QApplication, as QTEST_MAIN does.
#define TS_WIDGET_TEST(TestClass)                                  \
  static const ts::test::WidgetTestRegistrar TestClass##Registrar( \
      __FILE__, []() -> std::unique_ptr<QObject> { return std::make_unique<TestClass>(); });
