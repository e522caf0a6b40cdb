#pragma once
// A solver-neutral mixed-integer linear model: variables with bounds, objective coefficients
// and types, and ranged rows. Algorithms build a Model; cbc_solver.h solves it; the .lp/.mps
// writers let another solver (glpsol, HiGHS, ...) check the same model independently.
#include <limits>
#include <string>
#include <vector>

namespace ts::milp {

constexpr double kInf = std::numeric_limits<double>::infinity();

enum class VarType { Continuous, Integer, Binary };

struct Term {
  int var;
  double coef;
};

/// A linear expression sum(coef * var) + constant. Repeated variables are allowed and are
/// merged when the expression becomes a row.
struct LinExpr {
  std::vector<Term> terms;
  double constant = 0;

  LinExpr() = default;
  LinExpr(double c) : constant(c) {}  // NOLINT: constants read naturally in expressions
  static LinExpr var(int v, double coef = 1.0) {
    LinExpr e;
    e.terms.push_back({v, coef});
    return e;
  }
  LinExpr& add(int v, double coef = 1.0) {
    terms.push_back({v, coef});
    return *this;
  }
  LinExpr& operator+=(const LinExpr& o);
  LinExpr& operator-=(const LinExpr& o);
  LinExpr& operator*=(double k);
  bool empty() const { return terms.empty(); }
};

LinExpr operator+(LinExpr a, const LinExpr& b);
LinExpr operator-(LinExpr a, const LinExpr& b);
LinExpr operator*(double k, LinExpr a);

struct Variable {
  std::string name;
  double lb = 0;
  double ub = kInf;
  double obj = 0;
  VarType type = VarType::Continuous;
};

/// lb <= sum(terms) <= ub (either side may be infinite).
struct Row {
  std::string name;
  std::vector<Term> terms;
  double lb = -kInf;
  double ub = kInf;
};

/// Minimisation model. Names must be unique and use [A-Za-z0-9_.] only (LP/MPS safe); the
/// builder does not check uniqueness for speed, the writers do.
class Model {
 public:
  int addVar(std::string name, double lb, double ub, double obj, VarType type);
  int addBinary(std::string name, double obj = 0) { return addVar(std::move(name), 0, 1, obj, VarType::Binary); }
  int addContinuous(std::string name, double lb = 0, double ub = kInf, double obj = 0) {
    return addVar(std::move(name), lb, ub, obj, VarType::Continuous);
  }
  int addInteger(std::string name, double lb, double ub, double obj = 0) {
    return addVar(std::move(name), lb, ub, obj, VarType::Integer);
  }

  /// lb <= expr <= ub; the expression's constant moves into the bounds. Returns the row id.
  int addRow(std::string name, const LinExpr& expr, double lb, double ub);
  int addLe(std::string name, const LinExpr& expr, double rhs) { return addRow(std::move(name), expr, -kInf, rhs); }
  int addGe(std::string name, const LinExpr& expr, double rhs) { return addRow(std::move(name), expr, rhs, kInf); }
  int addEq(std::string name, const LinExpr& expr, double rhs) { return addRow(std::move(name), expr, rhs, rhs); }

  void addObjective(int var, double coef) { vars_[var].obj += coef; }
  void addObjective(const LinExpr& expr);
  double objectiveOffset() const { return offset_; }

  int varCount() const { return int(vars_.size()); }
  int rowCount() const { return int(rows_.size()); }
  int integerCount() const;
  const Variable& var(int i) const { return vars_[i]; }
  Variable& var(int i) { return vars_[i]; }
  const Row& row(int i) const { return rows_[i]; }
  Row& row(int i) { return rows_[i]; }
  const std::vector<Variable>& vars() const { return vars_; }
  const std::vector<Row>& rows() const { return rows_; }

  /// Objective value (with offset) of a full assignment.
  double evaluate(const std::vector<double>& values) const;
  /// Rows and bounds violated by more than tol, and integrality; empty when feasible.
  std::vector<std::string> violations(const std::vector<double>& values, double tol = 1e-6) const;

  /// Writes the model with CoinUtils' writers, by the path's extension: .lp is CPLEX LP format
  /// (glpsol --lp, CBC, HiGHS, SCIP), .mps is MPS with row and column names (glpsol --freemps,
  /// CBC, HiGHS). Atomic; throws core::Error for another extension.
  void write(const std::string& path) const;

 private:
  std::vector<Variable> vars_;
  std::vector<Row> rows_;
  double offset_ = 0;
};

}  // namespace ts::milp
