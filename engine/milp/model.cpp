#include "engine/milp/model.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <set>
#include <unordered_map>

#include <CoinFinite.hpp>
#include <CoinLpIO.hpp>
#include <CoinMpsIO.hpp>
#include <CoinPackedMatrix.hpp>

#include "engine/core/atomic_file.h"
#include "engine/core/error.h"

namespace ts::milp {

LinExpr& LinExpr::operator+=(const LinExpr& o) {
  terms.insert(terms.end(), o.terms.begin(), o.terms.end());
  constant += o.constant;
  return *this;
}

LinExpr& LinExpr::operator-=(const LinExpr& o) {
  for (const Term& t : o.terms) terms.push_back({t.var, -t.coef});
  constant -= o.constant;
  return *this;
}

LinExpr& LinExpr::operator*=(double k) {
  for (Term& t : terms) t.coef *= k;
  constant *= k;
  return *this;
}

LinExpr operator+(LinExpr a, const LinExpr& b) {
  return a += b;
}
LinExpr operator-(LinExpr a, const LinExpr& b) {
  return a -= b;
}
LinExpr operator*(double k, LinExpr a) {
  return a *= k;
}

int Model::addVar(std::string name, double lb, double ub, double obj, VarType type) {
  vars_.push_back({std::move(name), lb, ub, obj, type});
  return int(vars_.size()) - 1;
}

int Model::addRow(std::string name, const LinExpr& expr, double lb, double ub) {
  // Merge repeated variables so that every solver sees one coefficient per column.
  std::vector<Term> merged;
  merged.reserve(expr.terms.size());
  std::unordered_map<int, size_t> at;
  for (const Term& t : expr.terms) {
    auto it = at.find(t.var);
    if (it == at.end()) {
      at.emplace(t.var, merged.size());
      merged.push_back(t);
    } else {
      merged[it->second].coef += t.coef;
    }
  }
  merged.erase(std::remove_if(merged.begin(), merged.end(), [](const Term& t) { return t.coef == 0; }), merged.end());
  rows_.push_back({std::move(name), std::move(merged), lb - expr.constant, ub - expr.constant});
  return int(rows_.size()) - 1;
}

void Model::addObjective(const LinExpr& expr) {
  for (const Term& t : expr.terms) vars_[t.var].obj += t.coef;
  offset_ += expr.constant;
}

int Model::integerCount() const {
  return int(
      std::count_if(vars_.begin(), vars_.end(), [](const Variable& v) { return v.type != VarType::Continuous; }));
}

double Model::evaluate(const std::vector<double>& values) const {
  double z = offset_;
  for (size_t i = 0; i < vars_.size() && i < values.size(); ++i) z += vars_[i].obj * values[i];
  return z;
}

std::vector<std::string> Model::violations(const std::vector<double>& values, double tol) const {
  std::vector<std::string> out;
  if (values.size() != vars_.size()) {
    out.push_back("expected " + std::to_string(vars_.size()) + " values, got " + std::to_string(values.size()));
    return out;
  }
  for (size_t i = 0; i < vars_.size(); ++i) {
    const Variable& v = vars_[i];
    double x = values[i];
    if (x < v.lb - tol || x > v.ub + tol)
      out.push_back("variable " + v.name + " = " + std::to_string(x) + " out of bounds");
    if (v.type != VarType::Continuous && std::fabs(x - std::round(x)) > tol)
      out.push_back("variable " + v.name + " = " + std::to_string(x) + " is not integral");
  }
  for (const Row& r : rows_) {
    double a = 0;
    for (const Term& t : r.terms) a += t.coef * values[t.var];
    if (a < r.lb - tol || a > r.ub + tol)
      out.push_back("row " + r.name + " = " + std::to_string(a) + " outside [" + std::to_string(r.lb) + ", " +
                    std::to_string(r.ub) + "]");
  }
  return out;
}

namespace {

// True for the section keywords of the CPLEX LP format as readers (glpsol, CBC, CPLEX) know
// them, in any case; CoinLpIO's own check misses some ("st").
bool isLpKeyword(std::string s) {
  static const std::set<std::string> kKeywords = {
      "st",       "subject", "such",     "minimize", "minimise", "minimum",  "min",      "maximize", "maximise",
      "maximum",  "max",     "bound",    "bounds",   "free",     "inf",      "infinity", "gen",      "general",
      "generals", "integer", "integers", "bin",      "binary",   "binaries", "semi",     "semis",    "end"};
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return kKeywords.count(s) > 0;
}

// LP and MPS names: letters, digits and _ only, not starting with a digit or an 'e' that a
// reader could take for an exponent, never an LP keyword, at most 96 characters (CoinLpIO adds
// "_low" to ranged rows); duplicates get a suffix.
class NameTable {
 public:
  NameTable(const CoinLpIO& lp, const char* prefix, bool rows) : lp_(lp), prefix_(prefix), rows_(rows) {}
  std::string make(const std::string& raw, size_t index) {
    std::string s;
    for (char c : raw) s += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
    if (s.size() > 80) s = s.substr(0, 80);
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == 'e' || s[0] == 'E' || isLpKeyword(s) ||
        lp_.is_invalid_name(s.c_str(), rows_))
      s = prefix_ + s;
    if (!used_.insert(s).second) {
      s += "_" + std::to_string(index);
      used_.insert(s);
    }
    return s;
  }

 private:
  const CoinLpIO& lp_;
  std::string prefix_;
  bool rows_;
  std::set<std::string> used_;
};

// The model in the arrays CoinUtils' LP and MPS writers take. A fixed column carries the
// objective constant, which not every reader accepts on its own.
struct CoinModel {
  CoinPackedMatrix matrix{false, 0, 0};  // column-ordered
  std::vector<double> colLb, colUb, obj, rowLb, rowUb;
  std::vector<char> integer;
  std::vector<std::string> colNames, rowNames;
};

const char* kOffsetVar = "obj_offset_const";

double coinBound(double v) {
  return std::isinf(v) ? (v > 0 ? COIN_DBL_MAX : -COIN_DBL_MAX) : v;
}

CoinModel toCoin(const Model& m) {
  CoinModel c;
  CoinLpIO names;  // only for its name rules
  NameTable vt(names, "v_", false), rt(names, "r_", true);
  std::vector<std::vector<std::pair<int, double>>> cols(size_t(m.varCount()) + 1);
  for (int r = 0; r < m.rowCount(); ++r) {
    for (const Term& t : m.row(r).terms) cols[t.var].push_back({r, t.coef});
    c.rowLb.push_back(coinBound(m.row(r).lb));
    c.rowUb.push_back(coinBound(m.row(r).ub));
    c.rowNames.push_back(rt.make(m.row(r).name, size_t(r)));
  }
  c.matrix.setDimensions(m.rowCount(), 0);
  for (int i = 0; i <= m.varCount(); ++i) {
    const bool offset = i == m.varCount();
    std::vector<int> rows;
    std::vector<double> coefs;
    for (auto [r, coef] : cols[i]) {
      rows.push_back(r);
      coefs.push_back(coef);
    }
    c.matrix.appendCol(int(rows.size()), rows.data(), coefs.data());
    if (offset) {
      c.colLb.push_back(1);
      c.colUb.push_back(1);
      c.obj.push_back(m.objectiveOffset());
      c.integer.push_back(0);
      c.colNames.push_back(kOffsetVar);
      continue;
    }
    const Variable& v = m.var(i);
    c.colLb.push_back(coinBound(v.lb));
    c.colUb.push_back(coinBound(v.ub));
    c.obj.push_back(v.obj);
    c.integer.push_back(v.type == VarType::Continuous ? 0 : 1);
    c.colNames.push_back(vt.make(v.name, size_t(i)));
  }
  return c;
}

// CoinUtils writes to a named file: write into a private temporary file, then hand the text
// to the atomic writer, so a failure never leaves a half-written model at `path`.
void writeThroughTemporary(const std::string& path, const std::function<int(const std::string&)>& write) {
  std::string tmp = (std::filesystem::temp_directory_path() / "tilestudio-model-XXXXXX").string();
  int fd = mkstemp(tmp.data());
  if (fd < 0) throw core::Error("model file '" + path + "': cannot create a temporary file");
  close(fd);
  struct Remove {
    std::string file;
    ~Remove() { std::remove(file.c_str()); }
  } removeTmp{tmp};
  if (write(tmp) != 0) throw core::Error("model file '" + path + "': CoinUtils could not write it");
  core::writeFileAtomically(path, core::readFile(tmp));
}

}  // namespace

void Model::write(const std::string& path) const {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext != ".lp" && ext != ".mps") throw core::Error("model file '" + path + "': expected a .lp or .mps extension");
  CoinModel c = toCoin(*this);
  if (ext == ".lp") {
    CoinLpIO lp;
    lp.setInfinity(COIN_DBL_MAX);
    lp.setLpDataWithoutRowAndColNames(c.matrix, c.colLb.data(), c.colUb.data(), c.obj.data(), c.integer.data(),
                                      c.rowLb.data(), c.rowUb.data());
    std::vector<const char*> rows, cols;
    for (const std::string& n : c.rowNames) rows.push_back(n.c_str());
    rows.push_back("obj");
    for (const std::string& n : c.colNames) cols.push_back(n.c_str());
    lp.setLpDataRowAndColNames(rows.data(), cols.data());
    // Integral coefficients print as integers, others with all 15 significant digits.
    writeThroughTemporary(path, [&](const std::string& tmp) { return lp.writeLp(tmp.c_str(), 1e-12, 8, 15); });
  } else {
    CoinMpsIO mps;
    mps.messageHandler()->setLogLevel(0);
    mps.setMpsData(c.matrix, COIN_DBL_MAX, c.colLb.data(), c.colUb.data(), c.obj.data(), c.integer.data(),
                   c.rowLb.data(), c.rowUb.data(), c.colNames, c.rowNames);
    mps.setProblemName("TSMODEL");  // MPS names have 8 characters
    writeThroughTemporary(path, [&](const std::string& tmp) { return mps.writeMps(tmp.c_str(), 0, 1); });
  }
}

}  // namespace ts::milp
