// mpi_send_parts.cpp - a send started before its buffer is written (isendInParts): the
// translator's strip mining (docs/reorder.md). The rank writes the buffer front to back after
// the start and says how far it is final; a message that waits for the network anyway leaves
// part by part as the rank writes the rest.
#include "bamboo/send_in_parts.h"

#include "p2p_support.h"

#include <climits>
#include <cstdint>

namespace bamboo {

using namespace detail;
using detail::Request;

namespace {

// The send in parts a handle names; a fatal error for any other request.
Request &sendInParts(Call &C, MPI_Request Handle) {
  Request *S = C.Parts.Requests.lookup(Handle, C.Site);
  if (!S || S->Kind != RequestKind::Send)
    callError(C, "the request is not a send started by bamboo::isendInParts");
  return *S;
}

std::size_t bytesOf(long long Elements, std::size_t ElementBytes) {
  if (Elements <= 0)
    return 0;
  auto N = static_cast<unsigned long long>(Elements);
  return ElementBytes != 0 && N > SIZE_MAX / ElementBytes ? SIZE_MAX : N * ElementBytes;
}

} // namespace

int isendInParts(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
                 MPI_Request *Handle, CallSite W) {
  Call C = enter("bamboo::isendInParts", W);
  Lock L(C.Parts.Lock);
  if (int Error = checkSend(C, Comm, Dest, Tag, Count, Type)) {
    *Handle = MPI_REQUEST_NULL;
    return Error;
  }
  auto *S = new Request; // held by the handle
  beginSend(C, *S, Buf, Count, Type, Dest, Tag, Comm, SendMode::Standard, /*InParts=*/true);
  *Handle = C.Parts.Requests.add(S);
  if (!C.Region)
    C.Parts.Net.flush(); // the announcement leaves now: the receiver can post its receive
  return MPI_SUCCESS;
}

int sendPartEnd(MPI_Request Handle, long long Element, std::size_t ElementBytes, long long *End,
                CallSite W) {
  Call C = enter("bamboo::sendPartEnd", W);
  Lock L(C.Parts.Lock);
  Request &S = sendInParts(C, Handle);
  std::size_t Bytes = C.Parts.Eng.partEnd(S, bytesOf(Element, ElementBytes));
  if (Element < 0)
    *End = 0; // the elements before the buffer are no part of it
  else if (Bytes == SIZE_MAX || ElementBytes == 0)
    *End = LLONG_MAX;
  else // the first element not wholly in the part
    *End = static_cast<long long>((Bytes + ElementBytes - 1) / ElementBytes);
  if (*End <= Element)
    *End = Element + 1;
  return MPI_SUCCESS;
}

int sendReady(MPI_Request Handle, long long Elements, std::size_t ElementBytes, CallSite W) {
  Call C = enter("bamboo::sendReady", W);
  Lock L(C.Parts.Lock);
  Request &S = sendInParts(C, Handle);
  C.Parts.Eng.sendReady(S, bytesOf(Elements, ElementBytes));
  return MPI_SUCCESS;
}

int sendReadyAll(MPI_Request Handle, CallSite W) {
  Call C = enter("bamboo::sendReadyAll", W);
  Lock L(C.Parts.Lock);
  C.Parts.Eng.sendReady(sendInParts(C, Handle), SIZE_MAX);
  if (!C.Region)
    C.Parts.Net.flush();
  return MPI_SUCCESS;
}

} // namespace bamboo
