#include "student_files.h"

#include <kitcpu/detail/student_file.h>

#include <mutex>

namespace kitcpu::detail {
namespace {

struct FileList {
  std::mutex mutex;
  std::vector<std::string> files;
};

FileList& file_list() {
  static auto* r = new FileList();  // registered from static initializers, read until the very end
  return *r;
}

}  // namespace

bool register_student_file(const char* path) {
  FileList& r = file_list();
  const std::lock_guard<std::mutex> lock(r.mutex);
  r.files.emplace_back(path);
  return true;
}

std::vector<std::string> student_files() {
  FileList& r = file_list();
  const std::lock_guard<std::mutex> lock(r.mutex);
  return r.files;
}

const SourceLocation* first_in_student_file(const std::vector<SourceLocation>& locations, std::string* name) {
  const std::vector<std::string> files = student_files();
  for (const SourceLocation& location : locations) {
    for (const std::string& file : files) {
      if (first_in_file({location}, file) == nullptr) continue;
      if (name != nullptr) *name = file;
      return &location;
    }
  }
  return nullptr;
}

SourceLocation caller_location(const std::vector<SourceLocation>& locations) {
  std::string name;
  if (const SourceLocation* at = first_in_student_file(locations, &name)) return {at->function, name, at->line};
  for (const SourceLocation& l : locations) {
    const bool system = l.file.rfind("/usr/", 0) == 0 || l.file.rfind("../", 0) == 0;
    if (!l.file.empty() && !system && l.file.find("/kitcpu/") == std::string::npos) return l;
  }
  return {};
}

}  // namespace kitcpu::detail
