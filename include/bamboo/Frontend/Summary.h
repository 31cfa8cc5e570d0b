//===- Summary.h - What one file tells the rest of the program --*- C++ -*-===//
//
// A file's summary is its call graph (strings only) plus what its
// translation decided about each function and the user files it read. The
// program's facts are the merge of every file's graph; a file translated
// without some of them (Make: one `bamboo-cxx -c` per file) is found out by
// comparing its decisions with the program's (docs/multifile.md).
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_SUMMARY_H
#define BAMBOO_FRONTEND_SUMMARY_H

#include "bamboo/Frontend/CallGraph.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <cstdint>
#include <string>
#include <vector>

namespace bamboo {

/// What the translation of a file assumed about a function, one bit per fact
/// that other files can change and that changes the translation (today
/// only ReachSets::StartsReceive, which a check uses).
using ReachBits = uint8_t;
ReachBits reachBits(const ReachSets &Reach, const CallGraph::Node *N);

struct FileSummary {
  FileSummary() = default;
  FileSummary(FileSummary &&) noexcept = default;
  FileSummary &operator=(FileSummary &&) noexcept = default;

  /// The translated source, as an absolute path.
  std::string Source;
  /// Every user file the translation read (the source and its headers) and a
  /// hash of its contents, to tell when an object is older than its sources.
  std::vector<std::pair<std::string, std::string>> Inputs;
  /// The file's own call graph, with no AST pointers.
  CallGraph Graph;
  /// For each node of Graph, by key: what the translation used.
  llvm::StringMap<ReachBits> View;
};

class TranslationUnitModel;

/// The summary of an analysed file: its own graph, what the analysis decided
/// about each of its functions, and the user files it read (the model must
/// have its inclusions).
FileSummary summarize(const TranslationUnitModel &Model);

/// The summaries as a JSON document, and back.
llvm::json::Value
summariesToJSON(llvm::ArrayRef<const FileSummary *> Summaries);
std::string writeSummaries(llvm::ArrayRef<const FileSummary *> Summaries);
llvm::Expected<std::vector<FileSummary>>
summariesFromJSON(const llvm::json::Value &Document);
llvm::Expected<std::vector<FileSummary>> readSummaries(llvm::StringRef Text);

/// The program's call graph: every summary's graph merged.
CallGraph mergeGraphs(llvm::ArrayRef<const FileSummary *> Summaries);

/// The names of the functions that \p S's translation saw otherwise than the
/// program does (an external function that waits, say); empty if none.
std::vector<std::string> staleFunctions(const FileSummary &S,
                                        const CallGraph &Program,
                                        const ReachSets &ProgramReach);

/// A hash of \p Text as hex digits, the one Inputs uses.
std::string contentHash(llvm::StringRef Text);

} // namespace bamboo

#endif // BAMBOO_FRONTEND_SUMMARY_H
