#include "kit/runner_call.h"

namespace kit {

RunnerCase runner_case(const Function& function, const InputVariant& variant, const Dims& dims,
                       const std::vector<std::uint64_t>& seeds) {
  const Problem& problem = *function.problem;
  RunnerCase c;
  c.entry = function.name;
  c.dims = dims;
  const std::vector<ArraySpec> inputs = problem.inputs(dims);
  for (std::size_t i = 0; i < inputs.size(); ++i) c.inputs.push_back({inputs[i], variant.recipes[i]});
  c.outputs = problem.outputs(dims);
  c.seeds = seeds;
  return c;
}

ProcessRequest runner_request(const std::string& exe, const std::string& mode, const RunnerCase& c,
                              const std::vector<std::string>& extra, const std::string& working_dir, double timeout_s) {
  ProcessRequest req;
  req.argv = {exe, "--channel-fd", std::to_string(kRunnerChannelFd), "--mode", mode, "--case", encode_runner_case(c)};
  req.argv.insert(req.argv.end(), extra.begin(), extra.end());
  req.channel_fd = kRunnerChannelFd;
  req.working_dir = working_dir;
  req.timeout_s = timeout_s;
  return req;
}

}  // namespace kit
