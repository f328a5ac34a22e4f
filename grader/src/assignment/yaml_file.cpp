#include "assignment/yaml_file.h"

#include "assignment/rubric_error.h"

namespace kit {

YAML::Node load_yaml_file(const std::string& path, const std::string& what) {
  try {
    return YAML::LoadFile(path);
  } catch (const YAML::ParserException& e) {
    throw RubricError(path, e.mark.line + 1, e.mark.column + 1, "not valid YAML: " + e.msg);
  } catch (const YAML::Exception& e) {
    throw RubricError(path, 0, 0, "cannot read the " + what + ": " + e.what());
  }
}

}  // namespace kit
