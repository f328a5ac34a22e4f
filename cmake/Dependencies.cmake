# The kit's dependencies, found the same way on every machine. Each failure names the package to install;
# scripts/install-deps.sh installs all of them on Debian and Ubuntu.

function(kit_require_package name debian_package)
  find_package(${name} ${ARGN} QUIET)
  if(NOT ${name}_FOUND)
    message(FATAL_ERROR "${name} was not found. Install the Debian/Ubuntu package '${debian_package}' "
                        "(or run scripts/install-deps.sh), then configure again.")
  endif()
endfunction()

kit_require_package(yaml-cpp libyaml-cpp-dev)
# yaml-cpp 0.7 names its target yaml-cpp, 0.8 yaml-cpp::yaml-cpp: use one name everywhere.
if(TARGET yaml-cpp::yaml-cpp)
  set(KIT_YAML_TARGET yaml-cpp::yaml-cpp)
else()
  set(KIT_YAML_TARGET yaml-cpp)
endif()
kit_require_package(nlohmann_json nlohmann-json3-dev)
kit_require_package(CLI11 libcli11-dev)
if(KIT_BUILD_TESTS)
  kit_require_package(GTest libgtest-dev)
endif()
find_package(Threads REQUIRED)

# Boost.Context runs the CPU backend's fibers. Without it the kit still builds the cuda backend.
option(KIT_CPU_BACKEND "Build the CPU backend (needs Boost.Context)" ON)
find_package(Boost 1.71 QUIET COMPONENTS context)
if(Boost_FOUND AND KIT_CPU_BACKEND)
  set(KIT_HAVE_CPU_BACKEND ON)
else()
  set(KIT_HAVE_CPU_BACKEND OFF)
  if(KIT_CPU_BACKEND)
    message(WARNING "Boost.Context was not found: the CPU backend is not built. "
                    "Install the Debian/Ubuntu package 'libboost-context-dev' to grade without a GPU.")
  endif()
endif()

# nvcc builds the cuda backend's runners, and checks student files for real CUDA compile errors.
# KIT_CUDA=OFF builds as on a machine without it (a student tree's scripts/check-all.sh does, as CI has none).
option(KIT_CUDA "Build the cuda backend when nvcc is found" ON)
include(CheckLanguage)
if(KIT_CUDA)
  check_language(CUDA)
endif()
if(KIT_CUDA AND CMAKE_CUDA_COMPILER)
  enable_language(CUDA)
  find_package(CUDAToolkit REQUIRED)
  set(KIT_HAVE_NVCC ON)
else()
  set(KIT_HAVE_NVCC OFF)
  if(KIT_CUDA)
    message(WARNING "nvcc was not found: only the CPU backend is built, without the nvcc compile check.")
  endif()
endif()
