//===- RegionLowering.cpp - Olap regions ----------------------------------===//
//
//   #pragma bamboo olap priority(2)        // bamboo: olap region ...
//   {                                =>    { bamboo::Region bambooOlap(2);
//     MPI_Recv(...);                         bambooOlap.Recv(...);
//     ...                                    ...
//   }                                      bambooOlap.complete(); }
//
// The region is dynamic (docs/design.md): receives started while it is open
// join its firing rule, sends take their data at the call, and the blocking
// calls of its body go through the region object, which defers them to its
// end (MPICallLowering.cpp). Only its end waits. Send and receive block
// pragmas become comments: blocks run in program order. In C, the region is
// the C interface's handle (bamboo/c.h):
//   { bamboo_region *bambooOlap = bamboo_region_open(2); ...
//     bamboo_region_complete(bambooOlap); }
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"
#include "RewriteSession.h"

#include "bamboo/Frontend/PragmaTable.h"

#include "clang/AST/Stmt.h"

using namespace clang;

namespace bamboo::codegen {

void lowerRegions(RewriteSession &S) {
  for (const auto &FM : S.Model.functions()) {
    for (const Region &Rg : FM->Regions) {
      if (!Rg.S || !Rg.Pragma || !S.inUserFile(Rg.Pragma->HashLoc))
        continue;
      std::string Priority =
          Rg.Priority ? "(" + std::to_string(*Rg.Priority) + ")" : "";
      std::string Line = S.where(Rg.Pragma->HashLoc);
      S.replacePragma(*Rg.Pragma,
                      "// bamboo: olap region (" + Line + ")" +
                          (Rg.Priority
                               ? ", priority " + std::to_string(*Rg.Priority)
                               : std::string()) +
                          ": its receives complete together at its end");
      std::string Open =
          S.isC() ? " bamboo_region *bambooOlap = bamboo_region_open(" +
                        std::to_string(Rg.Priority.value_or(0)) + ");"
                  : " bamboo::Region bambooOlap" + Priority + ";";
      std::string Close = S.isC() ? "bamboo_region_complete(bambooOlap); "
                                  : "bambooOlap.complete(); ";
      if (const auto *Body = dyn_cast<CompoundStmt>(Rg.S)) {
        if (Body->body_empty()) { // `{}`: one edit, or the two would meet at
                                  // `}`
          S.insertAfterToken(Body->getLBracLoc(), Open + " " + Close,
                             "this olap region");
        } else {
          S.insertAfterToken(Body->getLBracLoc(), Open, "this olap region");
          S.insertBefore(Body->getRBracLoc(), Close, "this olap region");
        }
      } else if (auto End =
                     S.endOfStatement(Rg.S, "the end of this olap region")) {
        S.insertBefore(Rg.S->getBeginLoc(), "{" + Open + " ",
                       "this olap region");
        S.R.InsertTextAfter(*End, " " + Close + "}");
      }
      for (const Block &B : Rg.Blocks)
        if (B.Pragma)
          S.replacePragma(
              *B.Pragma,
              B.Kind == BlockKind::Send
                  ? "// bamboo: send block"
                  : "// bamboo: receive block (part of the firing rule)");
    }
  }
}

} // namespace bamboo::codegen
