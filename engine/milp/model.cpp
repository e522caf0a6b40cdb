#include "engine/milp/model.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

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

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}

// LP and MPS names: letters, digits and _ only, not starting with a digit or an 'e' that a
// reader could take for an exponent; duplicates get a suffix.
class NameTable {
 public:
  std::string make(const std::string& raw, const char* prefix, size_t index) {
    std::string s;
    for (char c : raw) s += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == 'e' || s[0] == 'E') s = prefix + s;
    if (s.size() > 200) s = s.substr(0, 200);
    if (!used_.insert(s).second) {
      s += "_" + std::to_string(index);
      used_.insert(s);
    }
    return s;
  }

 private:
  std::set<std::string> used_;
};

struct Names {
  std::vector<std::string> vars, rows;
};

Names makeNames(const Model& m) {
  Names n;
  NameTable vt, rt;
  for (int i = 0; i < m.varCount(); ++i) n.vars.push_back(vt.make(m.var(i).name, "v", size_t(i)));
  for (int i = 0; i < m.rowCount(); ++i) n.rows.push_back(rt.make(m.row(i).name, "r", size_t(i)));
  return n;
}

const char* kOffsetVar = "obj_offset_const";

void writeTerms(std::ostringstream& s, const std::vector<Term>& terms, const Names& names) {
  int onLine = 0;
  for (const Term& t : terms) {
    s << (t.coef < 0 ? " - " : " + ") << num(std::fabs(t.coef)) << " " << names.vars[t.var];
    if (++onLine == 8) {
      s << "\n   ";
      onLine = 0;
    }
  }
  if (terms.empty()) s << " 0 " << kOffsetVar;
}

}  // namespace

std::string Model::toLp() const {
  Names names = makeNames(*this);
  std::ostringstream s;
  s << "\\ TileStudio MILP: " << vars_.size() << " variables, " << rows_.size() << " rows\n";
  s << "Minimize\n obj:";
  std::vector<Term> obj;
  for (int i = 0; i < varCount(); ++i)
    if (vars_[i].obj != 0) obj.push_back({i, vars_[i].obj});
  writeTerms(s, obj, names);
  // A fixed variable carries the constant, which not every LP reader accepts in the objective.
  s << (offset_ < 0 ? " - " : " + ") << num(std::fabs(offset_)) << " " << kOffsetVar << "\n";
  s << "Subject To\n";
  for (int i = 0; i < rowCount(); ++i) {
    const Row& r = rows_[i];
    auto emit = [&](const std::string& name, const char* op, double rhs) {
      s << " " << name << ":";
      writeTerms(s, r.terms, names);
      s << " " << op << " " << num(rhs) << "\n";
    };
    bool lo = std::isfinite(r.lb), hi = std::isfinite(r.ub);
    if (lo && hi && r.lb == r.ub)
      emit(names.rows[i], "=", r.lb);
    else if (lo && hi) {
      emit(names.rows[i] + "_lo", ">=", r.lb);
      emit(names.rows[i] + "_hi", "<=", r.ub);
    } else if (lo)
      emit(names.rows[i], ">=", r.lb);
    else if (hi)
      emit(names.rows[i], "<=", r.ub);
  }
  s << "Bounds\n " << kOffsetVar << " = 1\n";
  for (int i = 0; i < varCount(); ++i) {
    const Variable& v = vars_[i];
    if (v.type == VarType::Binary) continue;
    const std::string& n = names.vars[i];
    bool lo = std::isfinite(v.lb), hi = std::isfinite(v.ub);
    if (!lo && !hi)
      s << " " << n << " free\n";
    else if (lo && hi)
      s << " " << num(v.lb) << " <= " << n << " <= " << num(v.ub) << "\n";
    else if (lo)
      s << " " << n << " >= " << num(v.lb) << "\n";
    else
      s << " -inf <= " << n << " <= " << num(v.ub) << "\n";
  }
  auto section = [&](const char* title, VarType type) {
    bool any = false;
    int onLine = 0;
    for (int i = 0; i < varCount(); ++i) {
      if (vars_[i].type != type) continue;
      if (!any) s << title << "\n";
      any = true;
      s << " " << names.vars[i];
      if (++onLine == 10) {
        s << "\n";
        onLine = 0;
      }
    }
    if (any && onLine) s << "\n";
  };
  section("General", VarType::Integer);
  section("Binary", VarType::Binary);
  s << "End\n";
  return s.str();
}

std::string Model::toMps() const {
  Names names = makeNames(*this);
  std::vector<std::vector<std::pair<int, double>>> cols(vars_.size());
  for (int r = 0; r < rowCount(); ++r)
    for (const Term& t : rows_[r].terms) cols[t.var].push_back({r, t.coef});
  std::ostringstream s;
  s << "NAME TILESTUDIO\nROWS\n N obj\n";
  for (int r = 0; r < rowCount(); ++r) {
    const Row& row = rows_[r];
    bool lo = std::isfinite(row.lb), hi = std::isfinite(row.ub);
    const char* type = lo && hi && row.lb == row.ub ? "E" : hi ? "L" : lo ? "G" : "N";
    s << " " << type << " " << names.rows[r] << "\n";
  }
  s << "COLUMNS\n";
  bool inInt = false;
  for (int i = 0; i < varCount(); ++i) {
    bool integer = vars_[i].type != VarType::Continuous;
    if (integer != inInt) {
      s << " MARKER 'MARKER' " << (integer ? "'INTORG'" : "'INTEND'") << "\n";
      inInt = integer;
    }
    const std::string& n = names.vars[i];
    s << " " << n << " obj " << num(vars_[i].obj) << "\n";
    for (auto [r, c] : cols[i]) s << " " << n << " " << names.rows[r] << " " << num(c) << "\n";
  }
  if (inInt) s << " MARKER 'MARKER' 'INTEND'\n";
  s << " " << kOffsetVar << " obj " << num(offset_) << "\n";
  s << "RHS\n";
  for (int r = 0; r < rowCount(); ++r) {
    const Row& row = rows_[r];
    double rhs = std::isfinite(row.ub) ? row.ub : std::isfinite(row.lb) ? row.lb : 0;
    if (rhs != 0) s << " rhs " << names.rows[r] << " " << num(rhs) << "\n";
  }
  s << "RANGES\n";
  for (int r = 0; r < rowCount(); ++r) {
    const Row& row = rows_[r];
    if (std::isfinite(row.lb) && std::isfinite(row.ub) && row.lb != row.ub)
      s << " rng " << names.rows[r] << " " << num(row.ub - row.lb) << "\n";
  }
  s << "BOUNDS\n FX bnd " << kOffsetVar << " 1\n";
  for (int i = 0; i < varCount(); ++i) {
    const Variable& v = vars_[i];
    const std::string& n = names.vars[i];
    if (v.type == VarType::Binary) {
      s << " BV bnd " << n << "\n";
      continue;
    }
    bool lo = std::isfinite(v.lb), hi = std::isfinite(v.ub);
    if (!lo && !hi) {
      s << " FR bnd " << n << "\n";
      continue;
    }
    if (!lo)
      s << " MI bnd " << n << "\n";
    else if (v.lb != 0 || v.type == VarType::Integer)
      s << " LO bnd " << n << " " << num(v.lb) << "\n";
    if (hi)
      s << " UP bnd " << n << " " << num(v.ub) << "\n";
    else if (v.type == VarType::Integer)
      s << " PL bnd " << n << "\n";
  }
  s << "ENDATA\n";
  return s.str();
}

void Model::write(const std::string& path) const {
  auto ends = [&](const char* ext) {
    std::string e(ext);
    return path.size() >= e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0;
  };
  if (ends(".lp"))
    core::writeFileAtomically(path, toLp());
  else if (ends(".mps"))
    core::writeFileAtomically(path, toMps());
  else
    throw core::Error("model file '" + path + "': expected a .lp or .mps extension");
}

}  // namespace ts::milp
