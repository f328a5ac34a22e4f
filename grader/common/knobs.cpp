#include "kit/knobs.h"

namespace kit {

std::string describe_knobs(const Knobs& knobs) {
  std::string text;
  for (const Knob& k : knobs) text += (text.empty() ? "" : ", ") + k.name + " " + std::to_string(k.value);
  return text;
}

std::string knobs_key(const Knobs& knobs) {
  std::string text;
  for (const Knob& k : knobs) text += (text.empty() ? "" : ",") + k.name + "=" + std::to_string(k.value);
  return text;
}

long knob_value(const Knobs& knobs, const std::string& name, long fallback) {
  for (const Knob& k : knobs)
    if (k.name == name) return k.value;
  return fallback;
}

}  // namespace kit
