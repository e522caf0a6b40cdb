// widget_tests NAME [QtTest options]: runs the test class tests/widgets/NAME.cpp registered
// (TS_WIDGET_TEST), as QTEST_MAIN's main would. One binary instead of one per file: linking and
// moc-ing eighteen binaries took longer than compiling the tests themselves. ctest runs each
// class in a process of its own, so tests stay as isolated as before.
#include <QApplication>
#include <QtTest>

#include <cstdio>
#include <vector>

#include "widget_test_registry.h"

int main(int argc, char** argv) {
  const auto& tests = ts::test::widgetTests();
  auto it = argc >= 2 ? tests.find(argv[1]) : tests.end();
  if (it == tests.end()) {
    std::fprintf(stderr, "usage: %s NAME [QtTest options]; NAME is one of:\n", argv[0]);
    for (const auto& [name, make] : tests) std::fprintf(stderr, "  %s\n", name.c_str());
    return 2;
  }
  // QtTest sees the program name and the options after NAME.
  std::vector<char*> args{argv[0]};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  int count = int(args.size());
  args.push_back(nullptr);
  QApplication app(count, args.data());
  app.setAttribute(Qt::AA_Use96Dpi, true);
  std::unique_ptr<QObject> test = it->second();
  return QTest::qExec(test.get(), count, args.data());
}
