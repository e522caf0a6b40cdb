#pragma once
// What the studio shows for a Cerebras WSE kernel graph (.kgraph): the graph, one layout of it
// (read from a .paint or made by CU.POKer) and the independent evaluator's verdict on it.
#include <QString>

#include "engine/wse/evaluator.h"
#include "engine/wse/kernel_graph.h"
#include "engine/wse/layout.h"

namespace ts::ui {

struct WseSolution {
  wse::KernelGraph graph;
  wse::Layout layout;
  wse::Evaluation evaluation;
  QString graphPath;
  QString layoutSource;  ///< "resnet50_coarse.paint" or "CU.POKer, 2.1 s"
};

/// The .paint with the same stem beside `kgraphPath`, or empty when there is none.
QString sidePaintPath(const QString& kgraphPath);

/// Reads the graph and its layout: `paintPath` when given, else the side .paint, else a
/// single-threaded CU.POKer run of at most `placeSeconds`. Throws core::Error or
/// core::InputError (one line, "file:line:col: problem") on bad input or when no legal layout
/// is found.
WseSolution loadWseSolution(const QString& kgraphPath, const QString& paintPath, double placeSeconds);

/// "MT 1234 · WL 567.5 · AC 3 · score 1801.5 · legal" (or "illegal: <first violation>").
QString wseQorSummary(const wse::Evaluation& e);

}  // namespace ts::ui
