//===- ObjectInspection.cpp - What an object of the link calls ------------===//

#include "bamboo/Driver/ObjectInspection.h"
#include "bamboo/Frontend/MPIModel.h"

#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace bamboo::driver {

namespace {

void inspect(const object::ObjectFile &Object, ObjectFileInfo &Info) {
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
      Info.DirectMPICalls.push_back(Name->str());
  }
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
