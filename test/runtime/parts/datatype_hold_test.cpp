// datatype_hold_test.cpp - which datatypes a request holds a copy of: none of the predefined
// ones (answered without MPI for those whose layouts are kept, by MPI for the rest), every
// derived one.
#include "datatype.h"
#include "datatype_hold.h"

#include <gtest/gtest.h>

using namespace bamboo::detail;

TEST(DatatypeHoldPart, PredefinedTypesAreNamedAndHeldAsThemselves) {
  // Types whose layouts the runtime keeps (the fast path) and some it leaves to MPI (pairs).
  for (MPI_Datatype Type :
       {MPI_BYTE, MPI_CHAR, MPI_INT, MPI_UNSIGNED_LONG_LONG, MPI_DOUBLE, MPI_LONG_DOUBLE,
        MPI_INT64_T, MPI_C_BOOL, MPI_2INT, MPI_DOUBLE_INT, MPI_WCHAR, MPI_CXX_BOOL}) {
    EXPECT_TRUE(isNamed(Type));
    DatatypeHold Hold(Type);
    EXPECT_EQ(Hold.get(), Type);
  }
}

TEST(DatatypeHoldPart, DerivedTypesAreNotNamedAndAreHeldAsACopy) {
  MPI_Datatype Contiguous, Vector;
  MPI_Type_contiguous(3, MPI_INT, &Contiguous);
  MPI_Type_commit(&Contiguous);
  MPI_Type_vector(4, 1, 5, MPI_DOUBLE, &Vector);
  MPI_Type_commit(&Vector);
  for (MPI_Datatype Type : {Contiguous, Vector}) {
    EXPECT_FALSE(isNamed(Type));
    DatatypeHold Hold(Type);
    EXPECT_NE(Hold.get(), Type);
    int Size = 0, HeldSize = 0;
    MPI_Aint Lb = 0, Extent = 0, HeldLb = 0, HeldExtent = 0;
    MPI_Type_size(Type, &Size);
    MPI_Type_size(Hold.get(), &HeldSize);
    MPI_Type_get_extent(Type, &Lb, &Extent);
    MPI_Type_get_extent(Hold.get(), &HeldLb, &HeldExtent);
    EXPECT_EQ(HeldSize, Size);
    EXPECT_EQ(HeldLb, Lb);
    EXPECT_EQ(HeldExtent, Extent);
  }
  MPI_Type_free(&Contiguous);
  MPI_Type_free(&Vector);
}
