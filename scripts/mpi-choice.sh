# Sourced by the scripts: which MPI to build for and where that build goes.
#   --mpi mpich|openmpi (or BAMBOO_MPI; default mpich) chooses the MPI; the build goes to
#   build/ for MPICH and build-openmpi/ for Open MPI, unless BAMBOO_BUILD_DIR says otherwise.
# Sets: mpi, build, mpicxx, mpiexec (that MPI's own wrappers, whatever `mpicc` points to).
mpi=${BAMBOO_MPI:-mpich}
while [ $# -gt 0 ]; do
  case $1 in
    --mpi) mpi=${2:?--mpi needs mpich or openmpi}; shift 2 ;;
    --mpi=*) mpi=${1#--mpi=}; shift ;;
    *) echo "$(basename "$0"): unknown argument '$1' (only --mpi mpich|openmpi)" >&2; exit 2 ;;
  esac
done
case $mpi in
  mpich) default_build=$root/build ;;
  openmpi) default_build=$root/build-openmpi ;;
  *) echo "$(basename "$0"): --mpi must be mpich or openmpi, not '$mpi'" >&2; exit 2 ;;
esac
build=${BAMBOO_BUILD_DIR:-$default_build}
mpicxx=mpicxx.$mpi
mpiexec=mpiexec.$mpi
export BAMBOO_MPI=$mpi
