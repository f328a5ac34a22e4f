#include "access_sites.h"

#include <elf.h>
#include <link.h>

#include <mutex>

#include "dwarf_lines.h"
#include "symbolizer.h"

namespace kitcpu::detail {
namespace {

// The main program's load bias and the address ranges of its loaded segments: the student's code is
// always linked into the program itself.
struct MainProgram {
  std::uintptr_t bias = 0;
  std::vector<std::pair<std::uintptr_t, std::uintptr_t>> segments;
  std::vector<LineRow> rows;
};

int note_first_module(dl_phdr_info* info, std::size_t, void* data) {
  auto* program = static_cast<MainProgram*>(data);
  program->bias = info->dlpi_addr;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& segment = info->dlpi_phdr[i];
    if (segment.p_type != PT_LOAD) continue;
    const std::uintptr_t begin = info->dlpi_addr + segment.p_vaddr;
    program->segments.emplace_back(begin, begin + segment.p_memsz);
  }
  return 1;  // the first module is the main program: stop there
}

// Read once; never destroyed, as the report is written at exit.
const MainProgram& main_program() {
  static const MainProgram* program = [] {
    auto* p = new MainProgram();
    dl_iterate_phdr(&note_first_module, p);
    p->rows = read_line_rows("/proc/self/exe");
    return p;
  }();
  return *program;
}

// The column of the code at `pc` when its row is on `line`; 0 otherwise.
int column_at(std::uintptr_t pc, int line) {
  const MainProgram& program = main_program();
  for (const auto& [begin, end] : program.segments) {
    if (pc < begin || pc >= end) continue;
    const LineRow* row = row_at(program.rows, pc - program.bias);
    return row != nullptr && row->line == line ? row->column : 0;
  }
  return 0;
}

}  // namespace

std::vector<SiteLocation> locate_sites(const std::vector<std::uintptr_t>& sites,
                                       const std::vector<std::string>& student_files) {
  std::vector<const void*> calls;
  // A return address is the instruction after the call: one byte back lands inside the call.
  for (std::uintptr_t site : sites) calls.push_back(reinterpret_cast<const void*>(site - 1));
  const std::vector<std::vector<SourceLocation>> chains = symbolize_inlined(calls);

  std::vector<SiteLocation> out(sites.size());
  for (std::size_t i = 0; i < sites.size(); ++i) {
    const std::vector<SourceLocation>& chain = chains[i];
    if (chain.empty()) continue;
    const SourceLocation* chosen = nullptr;
    for (const std::string& file : student_files) {
      if ((chosen = first_in_file(chain, file)) != nullptr) {
        out[i].file = file;
        break;
      }
    }
    if (chosen == nullptr) {
      chosen = &chain.front();
      out[i].file = chosen->file;
    }
    out[i].line = chosen->line;
    // The line table describes the innermost frame only: an access inlined from a helper has no column
    // on the kernel's line.
    if (chosen == &chain.front() && chosen->line > 0) out[i].column = column_at(sites[i] - 1, chosen->line);
  }
  return out;
}

}  // namespace kitcpu::detail
