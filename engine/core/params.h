#pragma once
// Algorithm settings as named, typed, documented parameters, so that the studio can build a
// settings form and the CLI can accept `--set key=value` for any algorithm without knowing its
// Config struct. An algorithm describes its Config once by binding fields to keys.
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace ts::core {

enum class ParamType { Int, Real, Bool, Choice, Text };

struct ParamSpec {
  std::string key;
  ParamType type = ParamType::Real;
  std::string defaultValue;  ///< as text, e.g. "0.5", "true", "bbcg"
  std::string help;
  std::vector<std::string> choices;  ///< for Choice
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
};

/// User-chosen values by key (text, as typed). Missing keys keep the Config defaults.
using ParamValues = std::map<std::string, std::string>;

/// Parses "key=value" into values; throws Error on a malformed entry.
void parseParamAssignment(const std::string& assignment, ParamValues& values);

/// Binds Config fields to keys. `specs()` lists them with the fields' current values as
/// defaults; `apply()` writes user values into the fields, rejecting unknown keys and
/// out-of-range or malformed values with an Error naming the key.
class ParamBinder {
 public:
  void bind(const std::string& key, int& field, const std::string& help,
            double min = std::numeric_limits<double>::lowest(), double max = std::numeric_limits<double>::max());
  void bind(const std::string& key, int64_t& field, const std::string& help,
            double min = std::numeric_limits<double>::lowest(), double max = std::numeric_limits<double>::max());
  void bind(const std::string& key, double& field, const std::string& help,
            double min = std::numeric_limits<double>::lowest(), double max = std::numeric_limits<double>::max());
  void bind(const std::string& key, bool& field, const std::string& help);
  void bindChoice(const std::string& key, std::string& field, std::vector<std::string> choices,
                  const std::string& help);

  std::vector<ParamSpec> specs() const;
  void apply(const ParamValues& values) const;

 private:
  template <typename Integer>
  void bindInteger(const std::string& key, Integer& field, const std::string& help, double min, double max);
  struct Entry {
    ParamSpec spec;
    std::function<std::string()> get;
    std::function<void(const std::string&)> set;
  };
  std::vector<Entry> entries_;
};

}  // namespace ts::core
