# lit.cfg.py - configuration of the translator's lit tests.
#
# Substitutions:
#   %bamboo          the bamboo executable of this build
#   %examples        the examples/ directory of the source tree
#   %cmake           cmake, %bamboo_build_dir the build directory (install tests)
#   %resource_dir    Clang's resource directory compiled into bamboo
#   %clang_major     Clang's major version (the lib/clang/<N> directory name)
#   %bamboo_cxx      the bamboo-cxx driver; %mpiexec MPI's launcher (with a timeout);
#   %mpicxx          MPI's compiler (%mpicc its C compiler); %runtime_include and %runtime_library the runtime's
#                    headers and library (with a sanitized build's link flags), to compile
#                    and link translations by hand
#   %check_compiles  compiles a translation as users do, in the oldest standard bamboo-cxx
#                    compiles in (mpicxx -std=c++17 -Wall), and
#                    fails on any warning: translations must not add warnings;
#                    %check_compiles_c the same for a C translation (mpicc -Wall)
import os

import lit.formats

config.name = "Bamboo"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.bamboo_obj_root

# FileCheck and not come from LLVM's tools directory.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.bamboo_tools_dir, config.environment.get("PATH", "")]
)
# The settings of the sanitizer runs (scripts/check --sanitize; lit passes the *SAN_OPTIONS
# itself) reach the programs the tests build and run.
for name in ("HWLOC_COMPONENTS", "UCX_MEM_EVENTS"):
    if name in os.environ:
        config.environment[name] = os.environ[name]
# Every test translates with the precompiled-prefix cache on (lit passes no HOME): one cache
# for the suite, so most translations use an entry another test built.
config.environment["BAMBOO_CACHE_DIR"] = os.path.join(config.bamboo_obj_root, "prefix-cache")
# Diagnostics without colour, whatever the terminal.
config.environment.pop("TERM", None)

# Longer names first: lit substitutes in this order.
config.substitutions.append(("%bamboo_build_dir", config.bamboo_build_dir))
config.substitutions.append(("%bamboo_version", config.bamboo_version))
config.substitutions.append(("%bamboo_cxx", os.path.join(config.bamboo_tools_dir, "bamboo-cxx")))
config.substitutions.append(("%mpiexec", "timeout -k 5 60 " + config.mpiexec))
config.substitutions.append(("%mpicxx", config.mpicxx))
# The same MPI's C compiler: mpicxx.mpich's is mpicc.mpich.
config.substitutions.append(("%mpicc", config.mpicxx.replace("mpicxx", "mpicc")))
# The MPI standard the build's <mpi.h> implements: MPICH 4 is MPI 4.0, Open MPI 4 is MPI 3.1.
if int(config.mpi_version_major or 0) >= 4:
    config.available_features.add("mpi4")
config.substitutions.append(("%runtime_include", config.runtime_include_dir))
# With the flags a sanitized runtime needs in the link (none in a normal build).
config.substitutions.append(
    ("%runtime_library", f"{config.runtime_library} {config.runtime_link_flags}".strip()))
config.substitutions.append(("%bamboo", os.path.join(config.bamboo_tools_dir, "bamboo")))
config.substitutions.append(("%examples", os.path.join(config.bamboo_src_root, "examples")))
config.substitutions.append(("%cmake", config.cmake))
config.substitutions.append(("%resource_dir", config.clang_resource_dir))
config.substitutions.append(("%clang_major", config.clang_major))
config.substitutions.append((
    "%check_compiles_c",
    f"{config.mpicxx.replace('mpicxx', 'mpicc')} -Wall -Werror -fsyntax-only -I{config.runtime_include_dir} -x c"))
config.substitutions.append((
    "%check_compiles",
    f"{config.mpicxx} -std=c++17 -Wall -Werror -fsyntax-only -I{config.runtime_include_dir} -x c++"))
