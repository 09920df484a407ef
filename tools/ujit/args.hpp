// Command-line parsing for the ujit tool: each command declares its positional arguments
// and options (CommandSpec); parse_args checks argv against that declaration and throws
// UsageError (exit status 2) for anything it does not declare.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace ujit::cli {

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct OptionSpec {
    std::string name;        // "--sig", "-O", "-o"
    std::string value_name;  // "S" for "--sig S"; empty for a flag
    std::string help;
    bool takes_value() const { return !value_name.empty(); }
};

struct ParsedArgs;

struct CommandSpec {
    std::string name;          // "run"
    std::string operands;      // "FILE FUNC [ARG...]" for the usage line
    std::string summary;       // one line for `ujit --help`
    std::string description;   // paragraphs for `ujit help CMD`
    std::vector<OptionSpec> options;
    int min_positional = 0;
    int max_positional = -1;   // -1: no limit
    int (*run)(const ParsedArgs&) = nullptr;
};

struct ParsedArgs {
    const CommandSpec* command = nullptr;
    std::vector<std::string> positional;
    std::map<std::string, std::string> values;  // option → value ("" for flags)

    bool has(const std::string& option) const { return values.count(option) != 0; }
    std::optional<std::string> get(const std::string& option) const;
    std::string get_or(const std::string& option, const std::string& fallback) const;
};

// Accepts "--opt VALUE", "--opt=VALUE", "-O2" (a one-letter option with its value attached)
// and "--" (everything after it is positional). Words that look like negative numbers
// ("-3", "-0.5", "-inf") are positional, so `ujit run f.py g -1.5` works.
ParsedArgs parse_args(const CommandSpec& spec, std::span<const std::string> words);

// An integer option value in [lo, hi]; UsageError otherwise.
int parse_int_option(const std::string& option, const std::string& value, int lo, int hi);

}  // namespace ujit::cli
