//===- Diagnostics.cpp - The Bamboo front end's diagnostics ---------------===//
//
// Registers Diagnostics.def with a DiagnosticsEngine.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/Diagnostics.h"

using namespace clang;

namespace bamboo {

DiagTable::DiagTable(DiagnosticsEngine &Engine) : Engine(Engine) {
  // getCustomDiagID wants the format as a string literal, hence one call per
  // row rather than a loop over a table of pointers.
#define BAMBOO_DIAG(Name, Level, Format)                                       \
  IDs[static_cast<unsigned>(Diag::Name)] =                                     \
      Engine.getCustomDiagID(DiagnosticsEngine::Level, Format);                \
  IgnoredIDs[static_cast<unsigned>(Diag::Name)] =                              \
      DiagnosticsEngine::Level == DiagnosticsEngine::Warning                   \
          ? Engine.getCustomDiagID(DiagnosticsEngine::Ignored, Format)         \
          : IDs[static_cast<unsigned>(Diag::Name)];                            \
  ErrorIDs[static_cast<unsigned>(Diag::Name)] =                                \
      DiagnosticsEngine::Level == DiagnosticsEngine::Warning                   \
          ? Engine.getCustomDiagID(DiagnosticsEngine::Error, Format)           \
          : IDs[static_cast<unsigned>(Diag::Name)];
#include "bamboo/Frontend/Diagnostics.def"
}

unsigned DiagTable::id(Diag D) const {
  unsigned I = static_cast<unsigned>(D);
  if (Engine.getIgnoreAllWarnings())
    return IgnoredIDs[I];
  if (Engine.getWarningsAsErrors())
    return ErrorIDs[I];
  return IDs[I];
}

DiagnosticBuilder DiagTable::report(SourceLocation Loc, Diag D) {
  unsigned ID = id(D);
  // Count what the engine will treat as an error (after -Werror, -w, ...), so
  // that callers can tell their own errors from clang's.
  if (Engine.getDiagnosticLevel(ID, Loc) >= DiagnosticsEngine::Error)
    ++Errors;
  return Engine.Report(Loc, ID);
}

} // namespace bamboo
