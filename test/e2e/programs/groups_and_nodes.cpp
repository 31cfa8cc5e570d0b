// Communicators from groups, and a two-level reduction over the ranks that share a node.
// Evens and odds are built from explicit rank lists (MPI_Group_incl, _excl, ranges, set
// operations); the even ranks' communicator is made by everybody (MPI_Comm_create), the odd
// ranks' by the odd ranks alone (MPI_Comm_create_group). MPI_Comm_split_type gives the node;
// what is printed does not depend on how many ranks share one.
#include <mpi.h>
#include <cstdio>
#include <string>
#include <vector>

// MPI_UNDEFINED's value is the library's own: print it as a word.
static std::string rankText(int rank) {
  return rank == MPI_UNDEFINED ? "none" : std::to_string(rank);
}

static const char *comparison(int result) {
  switch (result) {
  case MPI_IDENT:
    return "identical";
  case MPI_CONGRUENT:
    return "congruent";
  case MPI_SIMILAR:
    return "similar";
  default:
    return "unequal";
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  MPI_Group world, evens, odds, upper, both, reversed;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  std::vector<int> evenRanks;
  for (int r = 0; r < size; r += 2)
    evenRanks.push_back(r);
  MPI_Group_incl(world, (int)evenRanks.size(), evenRanks.data(), &evens);
  MPI_Group_excl(world, (int)evenRanks.size(), evenRanks.data(), &odds);
  int upperHalf[1][3] = {{size / 2, size - 1, 1}}, backwards[1][3] = {{size - 1, 0, -1}};
  MPI_Group_range_incl(world, 1, upperHalf, &upper);
  MPI_Group_intersection(upper, evens, &both);
  MPI_Group_range_incl(world, 1, backwards, &reversed);
  int inEvens, inOdds, inBoth, bothSize;
  MPI_Group_rank(evens, &inEvens);
  MPI_Group_rank(odds, &inOdds);
  MPI_Group_rank(both, &inBoth);
  MPI_Group_size(both, &bothSize);
  int mine = rank, asReversed;
  MPI_Group_translate_ranks(world, 1, &mine, reversed, &asReversed);

  // The evens' communicator: every rank calls, odd ranks get MPI_COMM_NULL.
  MPI_Comm evenComm;
  MPI_Comm_create(MPI_COMM_WORLD, evens, &evenComm);
  int evenSum = -1;
  if (evenComm != MPI_COMM_NULL)
    MPI_Allreduce(&rank, &evenSum, 1, MPI_INT, MPI_SUM, evenComm);
  // The odds' communicator: only odd ranks call.
  MPI_Comm oddComm = MPI_COMM_NULL;
  int oddFirst = -1;
  if (rank % 2 == 1) {
    MPI_Comm_create_group(MPI_COMM_WORLD, odds, 7, &oddComm);
    int oddRank;
    MPI_Comm_rank(oddComm, &oddRank);
    oddFirst = oddRank == 0 ? rank * 100 : 0;
    MPI_Bcast(&oddFirst, 1, MPI_INT, 0, oddComm);
  }
  // The world backwards: ranks renumbered from the end.
  MPI_Comm backward;
  MPI_Comm_create(MPI_COMM_WORLD, reversed, &backward);
  int backRank, worldVsBackward;
  MPI_Comm_rank(backward, &backRank);
  MPI_Comm_compare(MPI_COMM_WORLD, backward, &worldVsBackward);

  std::printf("rank %d: evens %s odds %s upper-evens %s of %d reversed %d=%d, even sum %d, "
              "odd leader %d, world vs backward %s\n",
              rank, rankText(inEvens).c_str(), rankText(inOdds).c_str(),
              rankText(inBoth).c_str(), bothSize, asReversed, backRank, evenSum, oddFirst,
              comparison(worldVsBackward));

  // Two-level sum of rank squares: within the node, then among the nodes' first ranks.
  MPI_Comm node, leaders;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  int nodeRank, square = rank * rank, nodeSum = 0, total = 0;
  MPI_Comm_rank(node, &nodeRank);
  MPI_Allreduce(&square, &nodeSum, 1, MPI_INT, MPI_SUM, node);
  MPI_Comm_split(MPI_COMM_WORLD, nodeRank == 0 ? 0 : MPI_UNDEFINED, rank, &leaders);
  if (leaders != MPI_COMM_NULL) {
    MPI_Allreduce(&nodeSum, &total, 1, MPI_INT, MPI_SUM, leaders);
    MPI_Comm_free(&leaders);
  }
  MPI_Bcast(&total, 1, MPI_INT, 0, node);
  MPI_Comm none;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_UNDEFINED, 0, MPI_INFO_NULL, &none);
  if (rank == 0) {
    int evensVsOdds, evensVsWorld, nodeVsSelf;
    MPI_Group_compare(evens, odds, &evensVsOdds);
    MPI_Group_compare(evens, world, &evensVsWorld);
    MPI_Comm_compare(node, node, &nodeVsSelf);
    std::printf("sum of squares %d; evens vs odds %s, evens vs world %s, node vs node %s, "
                "undefined split %s\n",
                total, comparison(evensVsOdds), comparison(evensVsWorld),
                comparison(nodeVsSelf), none == MPI_COMM_NULL ? "null" : "not null");
  }

  MPI_Comm_free(&node);
  MPI_Comm_free(&backward);
  if (oddComm != MPI_COMM_NULL)
    MPI_Comm_free(&oddComm);
  if (evenComm != MPI_COMM_NULL)
    MPI_Comm_free(&evenComm);
  for (MPI_Group *g : {&world, &evens, &odds, &upper, &both, &reversed})
    MPI_Group_free(g);
  MPI_Finalize();
  return 0;
}
