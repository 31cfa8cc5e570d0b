//===- ObjectRecord.cpp - What a compiled object remembers ----------------===//

#include "bamboo/Driver/ObjectRecord.h"
#include "bamboo/Frontend/MPIModel.h"

#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

namespace json = llvm::json;
using namespace llvm;

namespace bamboo::driver {

std::string writeObjectRecord(const ObjectRecord &Record) {
  std::string Out;
  raw_string_ostream(Out) << json::Value(
      json::Object{{"bamboo-object", 1},
                   {"directory", Record.Directory},
                   {"root", Record.Root},
                   {"bamboo-args", Record.BambooArgs},
                   {"translator-args", Record.TranslatorArgs},
                   {"compile-args", Record.CompileArgs},
                   {"summaries", summariesToJSON({&Record.Summary})}});
  return Out;
}

Expected<ObjectRecord> readObjectRecord(StringRef Text) {
  Expected<json::Value> Doc = json::parse(Text);
  if (!Doc)
    return Doc.takeError();
  ObjectRecord Record;
  json::Path::Root Root("record");
  json::ObjectMapper M(*Doc, Root);
  const json::Object *O = Doc->getAsObject();
  const json::Value *Summaries = O ? O->get("summaries") : nullptr;
  if (!M || O->getInteger("bamboo-object") != 1 || !Summaries ||
      !M.map("directory", Record.Directory) || !M.map("root", Record.Root) ||
      !M.map("bamboo-args", Record.BambooArgs) ||
      !M.map("translator-args", Record.TranslatorArgs) ||
      !M.map("compile-args", Record.CompileArgs))
    return createStringError(inconvertibleErrorCode(),
                             "not a bamboo object record of version 1");
  Expected<std::vector<FileSummary>> Files = summariesFromJSON(*Summaries);
  if (!Files)
    return Files.takeError();
  if (Files->size() != 1)
    return createStringError(inconvertibleErrorCode(),
                             "an object record holds one summary");
  Record.Summary = std::move(Files->front());
  return Record;
}

namespace {

Error inspect(const object::ObjectFile &Object, ObjectFileInfo &Info) {
  for (const object::SectionRef &Section : Object.sections()) {
    Expected<StringRef> Name = Section.getName();
    if (!Name)
      return Name.takeError();
    if (*Name != RecordSection)
      continue;
    Expected<StringRef> Contents = Section.getContents();
    if (!Contents)
      return Contents.takeError();
    Expected<ObjectRecord> Record = readObjectRecord(*Contents);
    if (!Record)
      return Record.takeError();
    Info.Record = std::move(*Record);
  }
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
  return Error::success();
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
    if (Error E = inspect(*Object, Info))
      return E;
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
    Info.InArchive = true;
    if (Error E = inspect(*Object, Info))
      return E;
    Out.push_back(std::move(Info));
  }
  if (Err)
    return Err;
  return Out;
}

} // namespace bamboo::driver
