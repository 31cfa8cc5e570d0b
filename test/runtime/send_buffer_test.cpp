// send_buffer_test.cpp - MPI_Buffer_attach and MPI_Buffer_detach per virtual rank, and the
// buffered sends' check against the attached size.
#include "runtime_test_support.h"

#include <vector>

using namespace bamboo;
using namespace bamboo::test;

TEST(SendBuffer, EachRankAttachesAndDetachesItsOwn) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    // Sizes differ per rank: each gets its own back.
    int Size = 1000 + MPI_BSEND_OVERHEAD + 8 * R;
    std::vector<char> Buffer(Size);
    EXPECT_EQ(mpi::Buffer_attach(Buffer.data(), Size), MPI_SUCCESS);
    std::vector<char> Message(1000, static_cast<char>(R));
    mpi::Bsend(Message.data(), 1000, MPI_CHAR, Right, 1, MPI_COMM_WORLD);
    MPI_Request Q;
    EXPECT_EQ(mpi::Ibsend(Message.data(), 1000, MPI_CHAR, Right, 2, MPI_COMM_WORLD, &Q),
              MPI_SUCCESS);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    std::vector<char> In(1000);
    mpi::Recv(In.data(), 1000, MPI_CHAR, Left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    EXPECT_EQ(In[999], static_cast<char>(Left));
    mpi::Recv(In.data(), 1000, MPI_CHAR, Left, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    // Beyond the buffer: MPI_ERR_BUFFER, and nothing is sent (one byte more than the buffer:
    // MPI_BSEND_OVERHEAD may be 0, as in SimGrid's SMPI).
    mpi::Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    std::vector<char> Large(Size + 1, 'x');
    EXPECT_EQ(mpi::Bsend(Large.data(), Size + 1, MPI_CHAR, Right, 3, MPI_COMM_WORLD),
              MPI_ERR_BUFFER);
    EXPECT_EQ(mpi::Ibsend(Large.data(), Size + 1, MPI_CHAR, Right, 3, MPI_COMM_WORLD, &Q),
              MPI_ERR_BUFFER);
    // A second buffer is refused.
    EXPECT_EQ(mpi::Buffer_attach(Large.data(), Size), MPI_ERR_BUFFER);

    void *Back = nullptr;
    int BackSize = 0;
    mpi::Buffer_detach(&Back, &BackSize);
    EXPECT_EQ(Back, Buffer.data());
    EXPECT_EQ(BackSize, Size);
    // Without a buffer a buffered send fails too; detaching again gives nothing.
    EXPECT_EQ(mpi::Bsend(&R, 1, MPI_INT, Right, 4, MPI_COMM_WORLD), MPI_ERR_BUFFER);
    mpi::Buffer_detach(&Back, &BackSize);
    EXPECT_EQ(Back, nullptr);
    EXPECT_EQ(BackSize, 0);
    mpi::Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

    MPI_Count Big = 64 + MPI_BSEND_OVERHEAD;
    std::vector<char> Other(Big);
    mpi::Buffer_attach_c(Other.data(), Big);
    mpi::Bsend(&R, 1, MPI_INT, Right, 5, MPI_COMM_WORLD);
    int Got = -1;
    mpi::Recv(&Got, 1, MPI_INT, Left, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    EXPECT_EQ(Got, Left);
    MPI_Count BackCount = 0;
    mpi::Buffer_detach_c(&Back, &BackCount);
    EXPECT_EQ(BackCount, Big);
    mpi::Barrier(MPI_COMM_WORLD);
    return 0;
  });
}
