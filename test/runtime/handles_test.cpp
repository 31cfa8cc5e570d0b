// handles_test.cpp - the runtime's request handles for MPIs with integer handles (MPICH) and
// with pointer handles (Open MPI), whichever MPI this is built with.
#include "slot_handle.h"

#include <gtest/gtest.h>
#include <mpi.h>

using namespace bamboo::detail;

namespace {
struct OpaqueRequest; // what a pointer-handle MPI points to
using IntegerHandles = SlotHandles<int, 0x7b000000>;
using PointerHandles = SlotHandles<OpaqueRequest *, 0x7b000000>;
} // namespace

TEST(Handles, IntegerHandlesRoundTrip) {
  for (std::size_t Slot :
       {std::size_t{0}, std::size_t{1}, std::size_t{4096}, IntegerHandles::MaxSlots - 1}) {
    int H = IntegerHandles::of(Slot);
    EXPECT_EQ(IntegerHandles::slotOf(H), Slot);
  }
  EXPECT_FALSE(IntegerHandles::slotOf(0));
  EXPECT_FALSE(IntegerHandles::slotOf(0x7b000000 - 1));
  EXPECT_FALSE(IntegerHandles::slotOf(0x7b000000 + 0x00ffffff));
}

TEST(Handles, PointerHandlesRoundTripAndAreNoObjectAddress) {
  for (std::size_t Slot :
       {std::size_t{0}, std::size_t{1}, std::size_t{4096}, PointerHandles::MaxSlots - 1}) {
    OpaqueRequest *H = PointerHandles::of(Slot);
    auto Value = reinterpret_cast<std::uintptr_t>(H);
    EXPECT_EQ(Value % 2, 1u) << "aligned objects never have odd addresses";
    EXPECT_NE(Value >> 56, 0u) << "outside the user address space";
    EXPECT_EQ(PointerHandles::slotOf(H), Slot);
  }
  int Object = 0;
  EXPECT_FALSE(PointerHandles::slotOf(reinterpret_cast<OpaqueRequest *>(&Object)));
  EXPECT_FALSE(PointerHandles::slotOf(nullptr));
  auto Even = reinterpret_cast<std::uintptr_t>(PointerHandles::of(0)) + 1;
  EXPECT_FALSE(PointerHandles::slotOf(reinterpret_cast<OpaqueRequest *>(Even)));
}

TEST(Handles, MPIsOwnNullRequestIsNoSlot) {
  EXPECT_FALSE((SlotHandles<MPI_Request, 0x7b000000>::slotOf(MPI_REQUEST_NULL)));
}
