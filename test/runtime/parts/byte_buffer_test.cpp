// byte_buffer_test.cpp - the memory of frames and packed payloads: growing keeps what was
// written, moving takes the memory, clearing keeps it for the next frame.
#include "byte_buffer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

using namespace bamboo::detail;

namespace {
std::vector<std::byte> counting(std::size_t N) {
  std::vector<std::byte> V(N);
  for (std::size_t I = 0; I < N; ++I)
    V[I] = static_cast<std::byte>(I * 7 + 3);
  return V;
}
} // namespace

TEST(ByteBufferPart, GrowingKeepsTheBytesWritten) {
  ByteBuffer B;
  std::vector<std::byte> Written;
  // Records appended one after another, as a frame is built: each growth must keep them all.
  for (std::size_t Record = 1; Record <= 40; ++Record) {
    std::vector<std::byte> Bytes = counting(Record * 97);
    std::size_t At = B.size();
    B.resize(At + Bytes.size());
    std::memcpy(B.data() + At, Bytes.data(), Bytes.size());
    Written.insert(Written.end(), Bytes.begin(), Bytes.end());
    ASSERT_EQ(B.size(), Written.size());
    ASSERT_GE(B.capacity(), B.size());
    ASSERT_EQ(std::memcmp(B.data(), Written.data(), Written.size()), 0) << "record " << Record;
  }
}

TEST(ByteBufferPart, ClearKeepsTheMemoryAndMoveTakesIt) {
  ByteBuffer A(8192);
  std::byte *Memory = A.data();
  A.clear();
  EXPECT_TRUE(A.empty());
  EXPECT_EQ(A.capacity(), 8192u);
  A.resize(100); // within capacity: the same memory
  EXPECT_EQ(A.data(), Memory);
  ByteBuffer B(std::move(A));
  EXPECT_EQ(B.data(), Memory);
  EXPECT_EQ(B.size(), 100u);
  EXPECT_EQ(A.capacity(), 0u); // NOLINT(bugprone-use-after-move): moved-from is empty
  EXPECT_TRUE(A.empty());
  ByteBuffer C;
  C = std::move(B);
  EXPECT_EQ(C.data(), Memory);
  EXPECT_EQ(B.data(), nullptr); // NOLINT(bugprone-use-after-move)
}

TEST(ByteBufferPart, EqualMeansTheSameBytes) {
  ByteBuffer A(64), B(64);
  std::vector<std::byte> Bytes = counting(64);
  std::memcpy(A.data(), Bytes.data(), 64);
  std::memcpy(B.data(), Bytes.data(), 64);
  EXPECT_TRUE(A == B);
  B.data()[63] ^= std::byte{1};
  EXPECT_FALSE(A == B);
  B.resize(63); // a prefix of A's bytes, but not as long
  EXPECT_FALSE(A == B);
  EXPECT_TRUE(ByteBuffer() == ByteBuffer());
  EXPECT_EQ(A.bytes().size(), 64u);
  EXPECT_EQ(A.bytes().data(), A.data());
}
