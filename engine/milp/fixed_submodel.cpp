#include "engine/milp/fixed_submodel.h"

namespace ts::milp {

FixedSubModel::FixedSubModel(const Model& model, const std::vector<char>& fixed, std::vector<double> values)
    : values_(std::move(values)) {
  std::vector<int> subIndex(size_t(model.varCount()), -1);
  double offset = model.objectiveOffset();
  for (int v = 0; v < model.varCount(); ++v) {
    const Variable& var = model.var(v);
    if (fixed[size_t(v)]) {
      offset += var.obj * values_[size_t(v)];
      continue;
    }
    subIndex[size_t(v)] = sub_.addVar(var.name, var.lb, var.ub, var.obj, var.type);
    free_.push_back(v);
  }
  sub_.addObjective(LinExpr(offset));
  for (const Row& row : model.rows()) {
    LinExpr expr;
    for (const Term& t : row.terms) {
      if (subIndex[size_t(t.var)] >= 0)
        expr.add(subIndex[size_t(t.var)], t.coef);
      else
        expr.constant += t.coef * values_[size_t(t.var)];
    }
    if (!expr.empty()) sub_.addRow(row.name, expr, row.lb, row.ub);  // else it holds: values is feasible
  }
}

std::vector<double> FixedSubModel::restrict(const std::vector<double>& whole) const {
  std::vector<double> out;
  out.reserve(free_.size());
  for (int v : free_) out.push_back(whole[size_t(v)]);
  return out;
}

std::vector<double> FixedSubModel::expand(const std::vector<double>& subValues) const {
  std::vector<double> out = values_;
  for (size_t i = 0; i < free_.size(); ++i) out[size_t(free_[i])] = subValues[i];
  return out;
}

}  // namespace ts::milp
