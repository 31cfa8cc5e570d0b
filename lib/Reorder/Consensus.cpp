//===- Consensus.cpp - One order from several prioritized partial orders --===//
//
// Edges are kept in a transitive closure of bit vectors: a block has tens to
// hundreds of items, so asking every pair and updating the closure per edge
// (N^2 / 64 words) costs less than the parse of the block.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Reorder/Consensus.h"

#include "llvm/ADT/STLExtras.h"
#include <deque>
#include <queue>

namespace bamboo::reorder {

Consensus::Consensus(unsigned Items)
    : Items(Items), Succ(Items), Reach(Items, llvm::BitVector(Items)) {}

bool Consensus::addEdge(unsigned A, unsigned B, unsigned Order) {
  if (A == B || Reach[A].test(B))
    return true; // nothing new: kept already
  if (Reach[B].test(A))
    return false;
  Succ[A].push_back({B, Order});
  // Everything at or before A now precedes everything at or after B.
  llvm::BitVector After = Reach[B];
  After.set(B);
  for (unsigned X = 0; X < Items; ++X)
    if (X == A || Reach[X].test(A))
      Reach[X] |= After;
  return true;
}

llvm::Error Consensus::require(llvm::StringRef Name, Comparator Before) {
  unsigned Order = Names.size();
  Names.push_back(Name.str());
  for (unsigned A = 0; A < Items; ++A)
    for (unsigned B = 0; B < Items; ++B)
      if (A != B && Before(A, B) && !addEdge(A, B, Order)) {
        std::string Cycle;
        for (const Step &S : chain(B, A))
          Cycle += std::to_string(S.Item) + " -> ";
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "order '%s' is cyclic: %s%u",
                                       Names.back().c_str(), Cycle.c_str(), B);
      }
  return llvm::Error::success();
}

void Consensus::prefer(llvm::StringRef Name, Comparator Before) {
  unsigned Order = Names.size();
  Names.push_back(Name.str());
  for (unsigned A = 0; A < Items; ++A)
    for (unsigned B = 0; B < Items; ++B)
      if (A != B && Before(A, B) && !addEdge(A, B, Order))
        Rejected.push_back({A, B, Order});
}

void Consensus::prefer(llvm::StringRef Name, SortKey Key) {
  std::vector<std::optional<long>> Keys;
  Keys.reserve(Items);
  for (unsigned I = 0; I < Items; ++I)
    Keys.push_back(Key(I));
  prefer(Name, [&](unsigned A, unsigned B) {
    return Keys[A] && Keys[B] && *Keys[A] < *Keys[B];
  });
}

std::vector<unsigned> Consensus::order() const {
  std::vector<unsigned> InDegree(Items, 0);
  for (unsigned A = 0; A < Items; ++A)
    for (auto [B, Order] : Succ[A])
      ++InDegree[B];
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      Ready;
  for (unsigned I = 0; I < Items; ++I)
    if (InDegree[I] == 0)
      Ready.push(I);
  std::vector<unsigned> Out;
  Out.reserve(Items);
  while (!Ready.empty()) {
    unsigned I = Ready.top();
    Ready.pop();
    Out.push_back(I);
    for (auto [B, Order] : Succ[I])
      if (--InDegree[B] == 0)
        Ready.push(B);
  }
  return Out; // all items: the kept edges are acyclic by construction
}

std::vector<Consensus::Step> Consensus::chain(unsigned From,
                                              unsigned To) const {
  if (From >= Items || To >= Items || !Reach[From].test(To))
    return {};
  // Breadth first over kept edges, remembering how each item was reached.
  std::vector<std::optional<Step>> Came(Items);
  std::deque<unsigned> Work{From};
  Came[From] = Step{From, 0};
  while (!Work.empty() && !Came[To]) {
    unsigned I = Work.front();
    Work.pop_front();
    for (auto [B, Order] : Succ[I])
      if (!Came[B]) {
        Came[B] = Step{I, Order};
        Work.push_back(B);
      }
  }
  std::vector<Step> Out;
  for (unsigned I = To; I != From; I = Came[I]->Item)
    Out.push_back({I, Came[I]->Order});
  Out.push_back({From, 0});
  std::reverse(Out.begin(), Out.end());
  return Out;
}

} // namespace bamboo::reorder
