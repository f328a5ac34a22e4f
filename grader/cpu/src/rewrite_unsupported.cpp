// CUDA the backend does not run, refused before g++ sees the file: a student would otherwise read "the
// C++ compiler failed" and an error about an undeclared name, for code that is correct CUDA. The
// message names the construct and says where the file can be graded instead.
#include <kitcpu/rewrite.h>

#include <string>
#include <string_view>

#include "rewrite_internal.h"

namespace kitcpu::detail {
namespace {

// Intrinsics of CUDA that kitcpu/warp.h does not define (the warp primitives it does define are the
// shuffles, votes, __syncwarp and __activemask): the match and reduce families, and the unsynchronised
// forms CUDA 9 deprecated and compute capability 7.0 removed.
constexpr std::string_view kUnsupportedIntrinsics[] = {
    "__match_any_sync", "__match_all_sync", "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
    "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync", "__shfl", "__shfl_up", "__shfl_down",
    "__shfl_xor", "__ballot", "__any", "__all"};

// Texture and surface objects and their fetches: the CPU backend has no texture units to emulate.
constexpr std::string_view kTextureNames[] = {
    "cudaTextureObject_t", "cudaSurfaceObject_t", "cudaCreateTextureObject", "cudaCreateSurfaceObject",
    "tex1Dfetch", "tex1D", "tex2D", "tex3D", "tex1DLayered", "tex2DLayered", "texCubemap", "tex2Dgather",
    "surf1Dread", "surf1Dwrite", "surf2Dread", "surf2Dwrite", "surf3Dread", "surf3Dwrite"};

// Inline PTX: the GPU's own instructions, which no C++ compiler for the host understands.
constexpr std::string_view kInlineAssembly[] = {"asm", "__asm__", "__asm"};

[[noreturn]] void refuse_unsupported(std::string_view what, int line) {
  throw RewriteError(line,
                     "the CPU backend does not support " + std::string(what) + " (line " + std::to_string(line) +
                         "): grade this file on a GPU (--backend cuda), or write it with the primitives the CPU "
                         "backend runs (docs/cpu-backend.md)",
                     true);
}

}  // namespace

void check_supported_constructs(const std::string& source, const std::vector<Directive>& directives,
                                const TokenView& tokens) {
  for (const Directive& directive : directives) {
    if (directive.name != "include") continue;
    const std::string_view body(source.data() + directive.body, directive.end - directive.body);
    if (body.find("cooperative_groups") != std::string_view::npos) refuse_unsupported("cooperative groups", directive.line);
  }
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (!tokens.is_identifier(i)) continue;
    const std::string_view name = tokens.text(i);
    if (name == "cooperative_groups") refuse_unsupported("cooperative groups", tokens[i].line);
    for (std::string_view texture : kTextureNames)
      if (name == texture) refuse_unsupported("texture and surface objects (" + std::string(name) + ")", tokens[i].line);
    for (std::string_view assembly : kInlineAssembly)
      if (name == assembly && (tokens.is(i + 1, "(") || tokens.is(i + 1, "volatile") || tokens.is(i + 1, "__volatile__")))
        refuse_unsupported("inline PTX assembly (asm)", tokens[i].line);
    if (!tokens.is(i + 1, "(")) continue;
    for (std::string_view unsupported : kUnsupportedIntrinsics) {
      if (name == unsupported) refuse_unsupported(name, tokens[i].line);
    }
  }
}

}  // namespace kitcpu::detail
