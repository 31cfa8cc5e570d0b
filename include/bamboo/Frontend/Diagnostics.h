//===- Diagnostics.h - The Bamboo front end's diagnostics -------*- C++ -*-===//
//
// Registers the diagnostics of Diagnostics.def with clang's DiagnosticsEngine
// (so they print as file:line:col with a caret, honour -Werror and -w, and
// make the tool exit non-zero) and reports them.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_DIAGNOSTICS_H
#define BAMBOO_FRONTEND_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

namespace bamboo {

/// One enumerator per BAMBOO_DIAG row.
enum class Diag : unsigned {
#define BAMBOO_DIAG(Name, Level, Format) Name,
#include "bamboo/Frontend/Diagnostics.def"
  NumDiags
};

/// The custom diagnostic IDs of one DiagnosticsEngine.
class DiagTable {
public:
  explicit DiagTable(clang::DiagnosticsEngine &Engine);

  /// Starts a diagnostic; add arguments with <<.
  clang::DiagnosticBuilder report(clang::SourceLocation Loc, Diag D);

  /// The clang ID of \p D in this engine, as its level is now (a warning under
  /// -w is ignored, under -Werror an error).
  unsigned id(Diag D) const;

  /// Errors reported through this table so far.
  unsigned errorCount() const { return Errors; }

  clang::DiagnosticsEngine &engine() { return Engine; }

private:
  clang::DiagnosticsEngine &Engine;
  // Clang's custom diagnostics have a fixed level that -w and -Werror do not
  // change, so each warning is registered at the three levels it may have.
  unsigned IDs[static_cast<unsigned>(Diag::NumDiags)];
  unsigned IgnoredIDs[static_cast<unsigned>(Diag::NumDiags)];
  unsigned ErrorIDs[static_cast<unsigned>(Diag::NumDiags)];
  unsigned Errors = 0;
};

} // namespace bamboo

#endif // BAMBOO_FRONTEND_DIAGNOSTICS_H
