// Reading a YAML file the kit validates (a rubric, a questions file): a parse error becomes a RubricError
// with the file, line and column, so every such file reports its mistakes the same way.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

namespace kit {

// `what` names the file in a message that has no line: "cannot read the rubric: ...".
YAML::Node load_yaml_file(const std::string& path, const std::string& what);

}  // namespace kit
