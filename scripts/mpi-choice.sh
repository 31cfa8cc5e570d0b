# Sourced by the scripts: which MPI to build for and where that build goes.
#   --mpi mpich|openmpi|smpi (or BAMBOO_MPI; default mpich) chooses the MPI; the build goes to
#   build/ for MPICH, build-openmpi/ for Open MPI and build-smpi/ for SimGrid's SMPI (simulated
#   processes, docs/scale.md), unless BAMBOO_BUILD_DIR says otherwise.
# Sets: mpi, build, mpicxx, mpiexec (that MPI's own wrappers, whatever `mpicc` points to).
mpi=${BAMBOO_MPI:-mpich}
while [ $# -gt 0 ]; do
  case $1 in
    --mpi) mpi=${2:?--mpi needs mpich, openmpi or smpi}; shift 2 ;;
    --mpi=*) mpi=${1#--mpi=}; shift ;;
    *) echo "$(basename "$0"): unknown argument '$1' (only --mpi mpich|openmpi|smpi)" >&2; exit 2 ;;
  esac
done
case $mpi in
  mpich) default_build=$root/build ;;
  openmpi) default_build=$root/build-openmpi ;;
  smpi) default_build=$root/build-smpi ;;
  *) echo "$(basename "$0"): --mpi must be mpich, openmpi or smpi, not '$mpi'" >&2; exit 2 ;;
esac
build=${BAMBOO_BUILD_DIR:-$default_build}
mpicxx=mpicxx.$mpi # (SMPI: no such wrapper; its builds launch through build-smpi/test-mpiexec)
mpiexec=mpiexec.$mpi
export BAMBOO_MPI=$mpi
