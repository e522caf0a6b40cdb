#pragma once
// Every widget and studio test class (tests/widgets/*_test.cpp) is compiled into one binary,
// widget_tests, and registers itself under its file's base name with TS_WIDGET_TEST(Class) in
// place of QTEST_MAIN(Class); widget_test_main.cpp runs the one named on the command line.
#include <QObject>

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

/// "/src/tests/widgets/aie_canvas_test.cpp" -> "aie_canvas_test".
inline std::string testBaseName(const std::string& file) {
  const size_t slash = file.find_last_of('/');
  std::string name = slash == std::string::npos ? file : file.substr(slash + 1);
  return name.substr(0, name.find('.'));
}

struct WidgetTestRegistrar {
  WidgetTestRegistrar(const char* file, WidgetTestFactory make) {
    widgetTests().emplace(testBaseName(file), std::move(make));
  }
};

}  // namespace ts::test

/// QTEST_MAIN's replacement: the class is created after the QApplication, as QTEST_MAIN does.
#define TS_WIDGET_TEST(TestClass)                                  \
  static const ts::test::WidgetTestRegistrar TestClass##Registrar( \
      __FILE__, [] { return std::unique_ptr<QObject>(new TestClass); });
