//===- DependencyFile.cpp - Makefile rules of what a build read -----------===//

#include "bamboo/Driver/DependencyFile.h"

#include "llvm/ADT/StringSet.h"

namespace bamboo::driver {

std::string makefileEscaped(llvm::StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (C == ' ' || C == '#')
      Out += '\\';
    Out += C == '$' ? "$$" : std::string(1, C);
  }
  return Out;
}

std::string dependencyRule(llvm::ArrayRef<std::string> Targets,
                           llvm::ArrayRef<std::string> Prerequisites,
                           bool PhonyPrerequisites) {
  std::string Rule;
  for (const std::string &Target : Targets)
    Rule += (Rule.empty() ? "" : " ") + Target;
  Rule += ":";
  llvm::StringSet<> Seen;
  std::vector<std::string> Once;
  for (const std::string &Path : Prerequisites)
    if (Seen.insert(Path).second)
      Once.push_back(makefileEscaped(Path));
  for (const std::string &Path : Once)
    Rule += " \\\n  " + Path;
  Rule += "\n";
  if (PhonyPrerequisites)
    for (size_t I = 1; I < Once.size(); ++I)
      Rule += "\n" + Once[I] + ":\n";
  return Rule;
}

} // namespace bamboo::driver
