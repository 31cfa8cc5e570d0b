//===- ObjectInspection.cpp - What an object of the link calls ------------===//

#include "bamboo/Driver/ObjectInspection.h"
#include "bamboo/Frontend/MPIModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace bamboo::driver {

namespace {

/// Code of MPI's C++ bindings. Open MPI's <mpi.h> defines them inline, and
/// every C++ object that includes it holds some, each function in a COMDAT
/// section named after it: `.text._ZN3MPI3Win8Set_nameEPKc`, or `_ZNK3MPI`
/// for a const method. They call MPI's C functions, but run only if the
/// object's own code uses the bindings, which a translation cannot.
bool isBindingsSection(StringRef Name) {
  if (!Name.consume_front(".text.") || !Name.consume_front("_ZN"))
    return false;
  return Name.ltrim("KVRO").starts_with("3MPI");
}

void inspect(const object::ObjectFile &Object, ObjectFileInfo &Info) {
  // Undefined MPI functions that need the runtime, and where they are called
  // from. One that no relocation names counts as called, as before.
  enum class Callers { None, BindingsOnly, OwnCode };
  StringMap<Callers> Called;
  for (const object::SymbolRef &Symbol : Object.symbols()) {
    Expected<uint32_t> Flags = Symbol.getFlags();
    Expected<StringRef> Name = Symbol.getName();
    if (!Flags || !Name) {
      consumeError(Flags.takeError());
      consumeError(Name.takeError());
      continue;
    }
    if (!(*Flags & object::SymbolRef::SF_Undefined) || !isMPIName(*Name))
      continue;
    const MPIFunctionInfo *MPI = lookupMPIFunction(*Name);
    if (!MPI || MPI->Kind != MPIKind::ProcessLocal)
      Called[*Name] = Callers::None;
  }
  for (const object::SectionRef &Relocations : Object.sections()) {
    Expected<object::section_iterator> Target =
        Relocations.getRelocatedSection();
    if (!Target) {
      consumeError(Target.takeError());
      continue;
    }
    if (*Target == Object.section_end())
      continue;
    Expected<StringRef> SectionName = (*Target)->getName();
    bool Bindings = SectionName && isBindingsSection(*SectionName);
    if (!SectionName)
      consumeError(SectionName.takeError());
    for (const object::RelocationRef &Relocation : Relocations.relocations()) {
      object::symbol_iterator Symbol = Relocation.getSymbol();
      if (Symbol == Object.symbol_end())
        continue;
      Expected<StringRef> Name = Symbol->getName();
      if (!Name) {
        consumeError(Name.takeError());
        continue;
      }
      auto It = Called.find(*Name);
      if (It == Called.end() || It->second == Callers::OwnCode)
        continue;
      It->second = Bindings ? Callers::BindingsOnly : Callers::OwnCode;
    }
  }
  for (const auto &[Name, From] : Called)
    if (From != Callers::BindingsOnly)
      Info.DirectMPICalls.push_back(Name.str());
  llvm::sort(Info.DirectMPICalls);
}

} // namespace

Expected<std::vector<ObjectFileInfo>> inspectObjects(StringRef Path) {
  std::vector<ObjectFileInfo> Out;
  auto Buffer = errorOrToExpected(MemoryBuffer::getFile(Path));
  if (!Buffer)
    return Buffer.takeError();
  Expected<std::unique_ptr<object::Binary>> Binary =
      object::createBinary((*Buffer)->getMemBufferRef());
  if (!Binary) {
    consumeError(Binary.takeError()); // not an object: a script, a library
    return Out;
  }
  if (auto *Object = dyn_cast<object::ObjectFile>(Binary->get())) {
    ObjectFileInfo Info;
    Info.Name = Path.str();
    inspect(*Object, Info);
    Out.push_back(std::move(Info));
    return Out;
  }
  auto *Archive = dyn_cast<object::Archive>(Binary->get());
  if (!Archive)
    return Out;
  Error Err = Error::success();
  for (const object::Archive::Child &Child : Archive->children(Err)) {
    Expected<std::unique_ptr<object::Binary>> Member = Child.getAsBinary();
    if (!Member) {
      consumeError(Member.takeError());
      continue;
    }
    auto *Object = dyn_cast<object::ObjectFile>(Member->get());
    if (!Object)
      continue;
    ObjectFileInfo Info;
    Expected<StringRef> MemberName = Child.getName();
    Info.Name = (Path + "(" + (MemberName ? *MemberName : "?") + ")").str();
    if (!MemberName)
      consumeError(MemberName.takeError());
    inspect(*Object, Info);
    Out.push_back(std::move(Info));
  }
  if (Err)
    return Err;
  return Out;
}

} // namespace bamboo::driver
