# Helpers for tests that launch MPI jobs. Every such test has a timeout, so a hang fails fast.
include_guard(GLOBAL)

# The workers per process of the MPI tests that do not name a number (a TSan build runs them all
# with 2, scripts/build --sanitize thread).
set(BAMBOO_TEST_WORKERS 1 CACHE STRING "BAMBOO_WORKERS of the MPI tests that do not set it")

# bamboo_add_mpi_test(NAME <name> PROCS <p> [VF <k>] [WORKERS <n>] [TIMEOUT <s>]
#                     [ENV <VAR=value>...] COMMAND <exe> [args...])
# Runs `mpiexec -n <p> <exe> args` with BAMBOO_VF=<k> (default 1) and BAMBOO_WORKERS=<n>
# (default BAMBOO_TEST_WORKERS, 1).
function(bamboo_add_mpi_test)
  cmake_parse_arguments(T "" "NAME;PROCS;VF;WORKERS;TIMEOUT" "ENV;COMMAND;LABELS" ${ARGN})
  if(NOT T_VF)
    set(T_VF 1)
  endif()
  if(NOT T_WORKERS)
    set(T_WORKERS ${BAMBOO_TEST_WORKERS})
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT ${BAMBOO_TEST_TIMEOUT})
  endif()
  # `timeout` inside the test as well as CTest's TIMEOUT: CTest kills mpiexec, but a stuck
  # MPI process may survive its launcher; timeout(1) sends KILL to the whole launch.
  add_test(NAME ${T_NAME}
           COMMAND timeout -k 5 ${T_TIMEOUT} ${BAMBOO_TEST_MPIEXEC} ${MPIEXEC_NUMPROC_FLAG} ${T_PROCS}
                   ${T_COMMAND})
  set_tests_properties(${T_NAME} PROPERTIES
    TIMEOUT ${T_TIMEOUT}
    PROCESSORS ${T_PROCS}
    LABELS "mpi;${T_LABELS}"
    ENVIRONMENT "BAMBOO_VF=${T_VF};BAMBOO_WORKERS=${T_WORKERS};${T_ENV}")
endfunction()

# bamboo_add_compare_runs_test(NAME <name> ORIGINAL <exe> TRANSLATED <exe> CONFIGS <PxK,...>)
# Runs the MPI program as P*K ranks and its translation as P processes with BAMBOO_VF=K, for each
# configuration, and fails unless they print the same (test/e2e/compare_runs.py). With Open MPI
# each process's output is read from its own file (--openmpi, test/tools/mpi_run.py).
function(bamboo_add_compare_runs_test)
  cmake_parse_arguments(T "" "NAME;ORIGINAL;TRANSLATED;CONFIGS" "" ${ARGN})
  # Not a generator expression: an empty one would still be an argument, "", which
  # compare_runs.py would hand to both programs.
  set(mpi_flavour)
  if(BAMBOO_MPI_IS_OPENMPI)
    set(mpi_flavour --openmpi)
  endif()
  add_test(NAME ${T_NAME}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/test/e2e/compare_runs.py
                   --original ${T_ORIGINAL} --translated ${T_TRANSLATED} --configs ${T_CONFIGS}
                   --mpiexec ${BAMBOO_TEST_MPIEXEC} ${mpi_flavour} --timeout 60)
endfunction()
