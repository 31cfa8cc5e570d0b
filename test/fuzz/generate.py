#!/usr/bin/env python3
"""Writes one random, well-formed, deterministic MPI C++ program for Bamboo's differential fuzzer.

  generate.py --seed N [--out FILE]

The same seed gives the same program, byte for byte (Python's own `random.Random(seed)`, no
hash-ordered containers). Every program:

- is valid MPI for any number of ranks from 1 to 8: peers are computed from the rank and the
  size, blocking exchanges are ordered so that they never rely on MPI buffering, and exchanges
  that need a partner are guarded by the size;
- prints only lines `rank R: ...` whose content is deterministic for each rank: receives from
  MPI_ANY_SOURCE are summed or their sources sorted before printing, results of Waitany/Waitsome
  /Test* are printed as totals, reductions are over integers (or doubles that are small
  integers);
- is a sequence of phases (each a function, called from main, sometimes through wrappers or in
  a loop). All ranks call every phase, in the same order; each phase completes every receive
  it posts, and uses tags of its own (per phase and iteration), so that a wildcard receive of
  one phase never matches a message of another. A phase that receives with both MPI_ANY_SOURCE
  and MPI_ANY_TAG ends with a barrier.

Olap regions follow SPEC section 3: receive buffers are declared before the region and read
only after it; no collectives, probes or tests inside; in the original program (pragmas
ignored) the region's code must not deadlock either, so a blocking receive in a region comes
after the sends it depends on (a send block first, with sends that do not block).
"""
import argparse
import random
import string
import sys


def fill(template, **values):
    """`${name}` placeholders; C++ braces stay as they are."""
    return string.Template(template).substitute(**values)


class TagExpr(str):
    """The C++ expression of a phase's tag; `tag + 1` gives the expression `tag + 1`."""

    def __add__(self, offset):
        return TagExpr(f"{str(self)} + {offset}")


class Phase:
    def __init__(self, index):
        self.index = index
        self.name = f"phase{index}"
        self.body = []          # lines of the function body, indented by 2
        self.helpers = []       # extra top-level definitions (before the phase)
        self.features = []

    def line(self, text, indent=1):
        for part in text.split("\n"):
            self.body.append(("  " * indent + part) if part else "")


class Generator:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)
        self.features = []
        self.uses_bsend = False
        self.shared = {}        # name -> definition of a shared helper, in order of first use
        self.phase_count = 0

    # ---------------------------------------------------------------- small choices
    def pick(self, options):
        return self.r.choice(options)

    def chance(self, p):
        return self.r.random() < p

    def feature(self, phase, name):
        phase.features.append(name)
        if name not in self.features:
            self.features.append(name)

    def need(self, name):
        """Adds a shared helper (defined once, at the top)."""
        if name in self.shared:
            return
        defs = {
            "sendWait": (
                "// Sends through a request of its own and waits for it (a helper that sends).\n"
                "static void sendWait(const int *buf, int n, int dest, int tag, MPI_Comm comm) {\n"
                "  MPI_Request req;\n"
                "  MPI_Isend(buf, n, MPI_INT, dest, tag, comm, &req);\n"
                "  MPI_Wait(&req, MPI_STATUS_IGNORE);\n"
                "}\n"),
            "recvWait": (
                "// Receives through a request of its own and waits (a helper that receives).\n"
                "static int recvWait(int *buf, int n, int src, int tag, MPI_Comm comm) {\n"
                "  MPI_Request req;\n"
                "  MPI_Status st;\n"
                "  MPI_Irecv(buf, n, MPI_INT, src, tag, comm, &req);\n"
                "  MPI_Wait(&req, &st);\n"
                "  int count = 0;\n"
                "  MPI_Get_count(&st, MPI_INT, &count);\n"
                "  return count;\n"
                "}\n"),
            "recvInto": (
                "// Receives through a request of its own and waits, without reading the status\n"
                "// (called inside receive blocks: the wait then completes at the region's end).\n"
                "static void recvInto(int *buf, int n, int src, int tag, MPI_Comm comm) {\n"
                "  MPI_Request req;\n"
                "  MPI_Irecv(buf, n, MPI_INT, src, tag, comm, &req);\n"
                "  MPI_Wait(&req, MPI_STATUS_IGNORE);\n"
                "}\n"),
            "recvWaitDeep": (
                "// One call deeper: receives through recvWait.\n"
                "static int recvWaitDeep(int *buf, int n, int src, int tag, MPI_Comm comm) {\n"
                "  int got = recvWait(buf, n, src, tag, comm);\n"
                "  return got;\n"
                "}\n"),
            "sumOver": (
                "// A helper that does a collective.\n"
                "static long sumOver(long v, MPI_Comm comm) {\n"
                "  long total = 0;\n"
                "  MPI_Allreduce(&v, &total, 1, MPI_LONG, MPI_SUM, comm);\n"
                "  return total;\n"
                "}\n"),
            "maxOverDeep": (
                "// A collective two calls down.\n"
                "static int maxOverInner(int v, MPI_Comm comm) {\n"
                "  int m = 0;\n"
                "  MPI_Reduce(&v, &m, 1, MPI_INT, MPI_MAX, 0, comm);\n"
                "  MPI_Bcast(&m, 1, MPI_INT, 0, comm);\n"
                "  return m;\n"
                "}\n"
                "static int maxOverDeep(int v, MPI_Comm comm) { return maxOverInner(v, comm) + 0; }\n"),
            "allSumT": (
                "// A function template that does a collective.\n"
                "template <typename T>\n"
                "static T allSumT(T v, MPI_Datatype type, MPI_Comm comm) {\n"
                "  T out = T();\n"
                "  MPI_Allreduce(&v, &out, 1, type, MPI_SUM, comm);\n"
                "  return out;\n"
                "}\n"),
            "mixT": (
                "// A function template without MPI.\n"
                "template <typename T>\n"
                "static T mixT(T a, T b) {\n"
                "  return (a * 7 + b) % 1000003;\n"
                "}\n"),
            "postRecv": (
                "// Posts a receive for its caller (used inside receive blocks).\n"
                "static void postRecv(int *buf, int n, int src, int tag, MPI_Comm comm, MPI_Request *req) {\n"
                "  MPI_Irecv(buf, n, MPI_INT, src, tag, comm, req);\n"
                "}\n"),
            "userOp": (
                "// A user reduction: the sum of absolute values (commutative, exact on ints).\n"
                "static void absSum(void *in, void *inout, int *len, MPI_Datatype *) {\n"
                "  const int *a = static_cast<const int *>(in);\n"
                "  int *b = static_cast<int *>(inout);\n"
                "  for (int i = 0; i < *len; ++i)\n"
                "    b[i] = (a[i] < 0 ? -a[i] : a[i]) + (b[i] < 0 ? -b[i] : b[i]);\n"
                "}\n"),
        }
        if name == "recvWaitDeep":
            self.need("recvWait")
        self.shared[name] = defs[name]

    # ---------------------------------------------------------------- communicators
    def open_comm(self, ph, allow_split=True):
        """Declares `comm`, `me`, `np` for the phase; returns the closing lines."""
        kinds = ["world", "world", "dup"] + (["split", "split"] if allow_split else [])
        kind = self.pick(kinds)
        if kind == "world":
            ph.line("MPI_Comm comm = MPI_COMM_WORLD;")
        elif kind == "dup":
            self.feature(ph, "Comm_dup")
            ph.line("MPI_Comm comm;")
            ph.line("MPI_Comm_dup(MPI_COMM_WORLD, &comm);")
        else:
            self.feature(ph, "Comm_split")
            colors = self.pick([2, 3])
            key = self.pick(["rank", "size - rank", "(rank * 5) % 7"])
            ph.line("MPI_Comm comm;")
            ph.line(f"MPI_Comm_split(MPI_COMM_WORLD, rank % {colors}, {key}, &comm);")
        ph.line("int me, np;")
        ph.line("MPI_Comm_rank(comm, &me);")
        ph.line("MPI_Comm_size(comm, &np);")
        if kind == "world":
            return []
        return ["MPI_Comm_free(&comm);"]

    def close_comm(self, ph, closing):
        for c in closing:
            ph.line(c)

    def show(self, ph, label, array, count, indent=1):
        ph.line(f'show(rank, "p{ph.index} {label}", {array}, {count});', indent)

    def say(self, ph, fmt, args, indent=1):
        extra = (", " + args) if args else ""
        ph.line(f'{{ char text[512]; std::snprintf(text, sizeof text, "rank %d: p{ph.index} {fmt}\\n", rank{extra}); emit(text); }}', indent)

    # ---------------------------------------------------------------- send flavours
    def blocking_send(self, ph, buf, n, dest, tag, indent=1, allow=("Send", "Ssend", "Bsend", "sendWait")):
        mode = self.pick(list(allow))
        if mode == "sendWait":
            self.need("sendWait")
            self.feature(ph, "helper-send")
            ph.line(f"sendWait({buf}, {n}, {dest}, {tag}, comm);", indent)
            return
        if mode == "Bsend":
            self.uses_bsend = True
        self.feature(ph, mode)
        ph.line(f"MPI_{mode}({buf}, {n}, MPI_INT, {dest}, {tag}, comm);", indent)

    def blocking_recv(self, ph, buf, n, src, tag, indent=1, label="got"):
        mode = self.pick(["Recv", "Recv", "recvWait", "recvWaitDeep"])
        if mode == "Recv":
            self.feature(ph, "Recv")
            ph.line("{", indent)
            ph.line("MPI_Status st;", indent + 1)
            ph.line(f"MPI_Recv({buf}, {n}, MPI_INT, {src}, {tag}, comm, &st);", indent + 1)
            ph.line("int count = 0;", indent + 1)
            ph.line("MPI_Get_count(&st, MPI_INT, &count);", indent + 1)
            self.say(ph, f"{label} count %d tag %d", f"count, st.MPI_TAG - ({tag})", indent + 1)
            ph.line("}", indent)
        else:
            self.need(mode)
            self.feature(ph, "helper-recv")
            ph.line(f"{{ int count = {mode}({buf}, {n}, {src}, {tag}, comm);", indent)
            self.say(ph, f"{label} count %d", "count", indent + 1)
            ph.line("}", indent)

    # ---------------------------------------------------------------- phases
    def phase_ring(self, ph, tag):
        """Blocking ring with shift d; one starter per cycle sends first."""
        self.feature(ph, "ring-blocking")
        closing = self.open_comm(ph)
        d = self.r.randint(1, 3)
        n = self.r.randint(1, 4)
        ph.line(f"int d = {d} % np;")
        ph.line("int right = (me + d) % np, left = (me - d + np) % np;")
        ph.line(f"int out[{n}], in[{n}];")
        ph.line(f"for (int i = 0; i < {n}; ++i) {{ out[i] = me * 10 + i + it; in[i] = -1; }}")
        ph.line("if (d != 0) {")
        ph.line("int cycles = std::gcd(d, np);", 2)
        ph.line("if (me < cycles) {", 2)
        self.blocking_send(ph, "out", n, "right", tag, 3)
        self.blocking_recv(ph, "in", n, "left", tag, 3)
        ph.line("} else {", 2)
        self.blocking_recv(ph, "in", n, "left", tag, 3)
        self.blocking_send(ph, "out", n, "right", tag, 3)
        ph.line("}", 2)
        ph.line("}")
        self.show(ph, "ring in", "in", n)
        self.close_comm(ph, closing)

    def phase_pairs(self, ph, tag):
        self.feature(ph, "pairs")
        closing = self.open_comm(ph)
        mask = self.pick([1, 1, 2, 3])
        n = self.r.randint(1, 3)
        ph.line(f"int partner = me ^ {mask};")
        ph.line(f"int out[{n}], in[{n}];")
        ph.line(f"for (int i = 0; i < {n}; ++i) {{ out[i] = 100 * me + i * it; in[i] = -7; }}")
        ph.line("if (partner < np) {")
        ph.line("if (me < partner) {", 2)
        self.blocking_send(ph, "out", n, "partner", tag, 3)
        self.blocking_recv(ph, "in", n, "partner", tag + 1, 3)
        ph.line("} else {", 2)
        self.blocking_recv(ph, "in", n, "partner", tag, 3)
        self.blocking_send(ph, "out", n, "partner", tag + 1, 3)
        ph.line("}", 2)
        self.show(ph, "pair in", "in", n, 2)
        ph.line("} else {")
        self.say(ph, "no partner", "", 2)
        ph.line("}")
        self.close_comm(ph, closing)

    def phase_sendrecv(self, ph, tag):
        self.feature(ph, "Sendrecv")
        closing = self.open_comm(ph)
        d = self.r.randint(1, 4)
        n = self.r.randint(1, 5)
        ph.line(f"int right = (me + {d}) % np, left = ((me - {d}) % np + np) % np;")
        ph.line(f"int out[{n}], in[{n}];")
        ph.line(f"for (int i = 0; i < {n}; ++i) {{ out[i] = me * me + i + 3 * it; in[i] = 0; }}")
        ph.line("MPI_Status st;")
        ph.line(f"MPI_Sendrecv(out, {n}, MPI_INT, right, {tag}, in, {n}, MPI_INT, left, {tag}, comm, &st);")
        ph.line("int count = 0;")
        ph.line("MPI_Get_count(&st, MPI_INT, &count);")
        self.say(ph, "sendrecv from %d count %d", "st.MPI_SOURCE == left ? 1 : 0, count")
        self.show(ph, "sendrecv in", "in", n)
        self.close_comm(ph, closing)

    def completion(self, ph, reqs, nreq, what, indent=1):
        """Completes reqs[0..nreq) with one of the wait/test forms; prints how many completed."""
        form = self.pick(["Wait", "Waitall", "Waitany", "Waitsome", "Test", "Testall", "Testany",
                          "Testsome"])
        self.feature(ph, form)
        i = indent
        if form == "Wait":
            ph.line(f"for (int q = 0; q < {nreq}; ++q) MPI_Wait(&{reqs}[q], MPI_STATUS_IGNORE);", i)
            ph.line(f"int done{what} = {nreq};", i)
        elif form == "Waitall":
            ph.line(f"MPI_Waitall({nreq}, {reqs}, MPI_STATUSES_IGNORE);", i)
            ph.line(f"int done{what} = {nreq};", i)
        elif form == "Waitany":
            ph.line(f"int done{what} = 0;", i)
            ph.line(f"for (int q = 0; q < {nreq}; ++q) {{", i)
            ph.line("int which = -1;", i + 1)
            ph.line("MPI_Status st;", i + 1)
            ph.line(f"MPI_Waitany({nreq}, {reqs}, &which, &st);", i + 1)
            ph.line(f"if (which != MPI_UNDEFINED) ++done{what};", i + 1)
            ph.line("}", i)
        elif form == "Waitsome":
            ph.line(f"int done{what} = 0;", i)
            ph.line(f"while (done{what} < {nreq}) {{", i)
            ph.line(f"int outcount = 0, idx[{nreq} + 1];", i + 1)
            ph.line(f"MPI_Waitsome({nreq}, {reqs}, &outcount, idx, MPI_STATUSES_IGNORE);", i + 1)
            ph.line("if (outcount == MPI_UNDEFINED) break;", i + 1)
            ph.line(f"done{what} += outcount;", i + 1)
            ph.line("}", i)
        elif form == "Test":
            ph.line(f"int done{what} = 0;", i)
            ph.line(f"for (int q = 0; q < {nreq}; ++q) {{", i)
            ph.line("int flag = 0;", i + 1)
            ph.line(f"while (!flag) MPI_Test(&{reqs}[q], &flag, MPI_STATUS_IGNORE);", i + 1)
            ph.line(f"++done{what};", i + 1)
            ph.line("}", i)
        elif form == "Testall":
            ph.line("{", i)
            ph.line("int flag = 0;", i + 1)
            ph.line(f"while (!flag) MPI_Testall({nreq}, {reqs}, &flag, MPI_STATUSES_IGNORE);", i + 1)
            ph.line("}", i)
            ph.line(f"int done{what} = {nreq};", i)
        elif form == "Testany":
            ph.line(f"int done{what} = 0;", i)
            ph.line(f"while (done{what} < {nreq}) {{", i)
            ph.line("int which = -1, flag = 0;", i + 1)
            ph.line(f"MPI_Testany({nreq}, {reqs}, &which, &flag, MPI_STATUS_IGNORE);", i + 1)
            ph.line("if (flag && which == MPI_UNDEFINED) break;", i + 1)
            ph.line(f"if (flag) ++done{what};", i + 1)
            ph.line("}", i)
        else:
            ph.line(f"int done{what} = 0;", i)
            ph.line(f"while (done{what} < {nreq}) {{", i)
            ph.line(f"int outcount = 0, idx[{nreq} + 1];", i + 1)
            ph.line(f"MPI_Testsome({nreq}, {reqs}, &outcount, idx, MPI_STATUSES_IGNORE);", i + 1)
            ph.line("if (outcount == MPI_UNDEFINED) break;", i + 1)
            ph.line(f"done{what} += outcount;", i + 1)
            ph.line("}", i)

    def phase_nonblocking(self, ph, tag):
        """Irecv from left and right, Isend to both, then a wait/test form for each set."""
        self.feature(ph, "Isend/Irecv")
        closing = self.open_comm(ph)
        d = self.r.randint(1, 3)
        n = self.r.randint(1, 4)
        ph.line(f"int right = (me + {d}) % np, left = ((me - {d}) % np + np) % np;")
        ph.line(f"int toR[{n}], toL[{n}], fromL[{n}], fromR[{n}];")
        ph.line(f"for (int i = 0; i < {n}; ++i) {{ toR[i] = me + 1000 * i; toL[i] = -me - i - it; fromL[i] = fromR[i] = 0; }}")
        ph.line("MPI_Request rr[2], sr[2];")
        recv_first = self.chance(0.7)
        recvs = [f"MPI_Irecv(fromL, {n}, MPI_INT, left, {tag}, comm, &rr[0]);",
                 f"MPI_Irecv(fromR, {n}, MPI_INT, right, {tag + 1}, comm, &rr[1]);"]
        mode = self.pick(["Isend", "Isend", "Issend", "Ibsend"])
        if mode == "Ibsend":
            self.uses_bsend = True
        self.feature(ph, mode)
        sends = [f"MPI_{mode}(toR, {n}, MPI_INT, right, {tag}, comm, &sr[0]);",
                 f"MPI_{mode}(toL, {n}, MPI_INT, left, {tag + 1}, comm, &sr[1]);"]
        if self.chance(0.3):
            return self.nonblocking_loop(ph, n, recvs + sends if recv_first else sends + recvs,
                                         closing)
        for s in (recvs + sends if recv_first else sends + recvs):
            ph.line(s)
        if self.chance(0.5):
            ph.line("MPI_Request all[4] = {rr[0], rr[1], sr[0], sr[1]};")
            self.completion(ph, "all", 4, "All")
            self.say(ph, "completed %d", "doneAll")
        else:
            self.completion(ph, "rr", 2, "R")
            self.completion(ph, "sr", 2, "S")
            self.say(ph, "completed %d %d", "doneR, doneS")
        self.show(ph, "from left", "fromL", n)
        self.show(ph, "from right", "fromR", n)
        self.close_comm(ph, closing)

    def nonblocking_loop(self, ph, n, starts, closing):
        """The exchange repeated in a counted loop with work between the starts and the waits
        and after the last read of what arrived: the receives can be pipelined across the
        loop's back edge (docs/reorder.md)."""
        self.feature(ph, "loop")
        steps = self.r.randint(2, 4)
        ph.line(f"int acc[{n}] = {{0}};")
        ph.line(f"for (int s = 0; s < {steps}; ++s) {{")
        for st in starts:
            ph.line(st, 2)
        ph.line("int local = s * 3 + me;", 2)
        ph.line("MPI_Waitall(2, rr, MPI_STATUSES_IGNORE);", 2)
        ph.line("MPI_Waitall(2, sr, MPI_STATUSES_IGNORE);", 2)
        ph.line(f"for (int i = 0; i < {n}; ++i) acc[i] += fromL[i] - 2 * fromR[i] + local;", 2)
        if self.chance(0.5):
            ph.line(f"for (int i = 0; i < {n}; ++i) acc[i] = acc[i] % 100003;", 2)
        ph.line(f"for (int i = 0; i < {n}; ++i) {{ toR[i] += 1; toL[i] -= 2; }}", 2)
        ph.line("}")
        self.show(ph, "looped", "acc", n)
        self.close_comm(ph, closing)

    def phase_wildcard(self, ph, tag):
        """A root collects one message from every other rank with MPI_ANY_SOURCE."""
        self.feature(ph, "ANY_SOURCE")
        closing = self.open_comm(ph)
        any_tag = self.chance(0.4)
        root = self.r.randint(0, 7)
        ph.line(f"int root = {root} % np;")
        send_tag = f"{tag} + me % 3" if any_tag else f"{tag}"
        recv_tag = "MPI_ANY_TAG" if any_tag else f"{tag}"
        if any_tag:
            self.feature(ph, "ANY_TAG")
        ph.line("if (me != root) {")
        ph.line("int v = me * 3 + it;", 2)
        self.blocking_send(ph, "&v", 1, "root", send_tag, 2)
        ph.line("} else {")
        ph.line("std::vector<int> sources, tags;", 2)
        ph.line("long sum = 0;", 2)
        how = self.pick(["Recv", "Irecv+Waitall", "Irecv+Waitany", "Probe", "Iprobe"])
        self.feature(ph, "wild-" + how)
        if how == "Recv":
            ph.line("for (int i = 1; i < np; ++i) {", 2)
            ph.line("int v = 0;", 3)
            ph.line("MPI_Status st;", 3)
            ph.line(f"MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, {recv_tag}, comm, &st);", 3)
            ph.line("sum += v; sources.push_back(st.MPI_SOURCE); tags.push_back(st.MPI_TAG);", 3)
            ph.line("}", 2)
        elif how.startswith("Irecv"):
            ph.line("std::vector<int> vals(np > 1 ? np - 1 : 1, 0);", 2)
            ph.line("std::vector<MPI_Request> reqs(np > 1 ? np - 1 : 1, MPI_REQUEST_NULL);", 2)
            ph.line("std::vector<MPI_Status> sts(np > 1 ? np - 1 : 1);", 2)
            ph.line("for (int i = 0; i + 1 < np; ++i)", 2)
            ph.line(f"MPI_Irecv(&vals[i], 1, MPI_INT, MPI_ANY_SOURCE, {recv_tag}, comm, &reqs[i]);", 3)
            if how == "Irecv+Waitall":
                ph.line("MPI_Waitall(np - 1, reqs.data(), sts.data());", 2)
                ph.line("for (int i = 0; i + 1 < np; ++i) {", 2)
                ph.line("sum += vals[i]; sources.push_back(sts[i].MPI_SOURCE); tags.push_back(sts[i].MPI_TAG);", 3)
                ph.line("}", 2)
            else:
                ph.line("for (int i = 0; i + 1 < np; ++i) {", 2)
                ph.line("int which = -1;", 3)
                ph.line("MPI_Status st;", 3)
                ph.line("MPI_Waitany(np - 1, reqs.data(), &which, &st);", 3)
                ph.line("sum += vals[which]; sources.push_back(st.MPI_SOURCE); tags.push_back(st.MPI_TAG);", 3)
                ph.line("}", 2)
        else:
            self.feature(ph, how)
            ph.line("for (int i = 1; i < np; ++i) {", 2)
            ph.line("MPI_Status st;", 3)
            if how == "Probe":
                ph.line(f"MPI_Probe(MPI_ANY_SOURCE, {recv_tag}, comm, &st);", 3)
            else:
                ph.line("int flag = 0;", 3)
                ph.line(f"while (!flag) MPI_Iprobe(MPI_ANY_SOURCE, {recv_tag}, comm, &flag, &st);", 3)
            ph.line("int v = 0;", 3)
            ph.line("MPI_Recv(&v, 1, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, comm, MPI_STATUS_IGNORE);", 3)
            ph.line("sum += v; sources.push_back(st.MPI_SOURCE); tags.push_back(st.MPI_TAG);", 3)
            ph.line("}", 2)
        ph.line("std::sort(sources.begin(), sources.end());", 2)
        ph.line("std::sort(tags.begin(), tags.end());", 2)
        ph.line(f"for (int &t : tags) t -= {tag};", 2)
        self.say(ph, "root sum %ld", "sum", 2)
        self.show(ph, "sources", "sources.data()", "(int)sources.size()", 2)
        self.show(ph, "tags", "tags.data()", "(int)tags.size()", 2)
        ph.line("}")
        if any_tag:
            self.feature(ph, "Barrier")
            ph.line("MPI_Barrier(MPI_COMM_WORLD); // ANY_TAG: no later message may match here")
        self.close_comm(ph, closing)

    def phase_probe(self, ph, tag):
        """Messages of a size the receiver does not know: (I)probe, Get_count, Recv."""
        closing = self.open_comm(ph)
        d = self.r.randint(1, 2)
        anysrc = self.chance(0.5)
        ph.line(f"int right = (me + {d}) % np, left = ((me - {d}) % np + np) % np;")
        ph.line("int len = 1 + (me * 5 + it) % 4;")
        ph.line("std::vector<int> out(len);")
        ph.line("for (int i = 0; i < len; ++i) out[i] = me * 100 + i;")
        ph.line("MPI_Request sreq;")
        ph.line(f"MPI_Isend(out.data(), len, MPI_INT, right, {tag}, comm, &sreq);")
        ph.line("MPI_Status st;")
        src = "MPI_ANY_SOURCE" if anysrc else "left"
        if anysrc:
            self.feature(ph, "ANY_SOURCE")
        if self.chance(0.5):
            self.feature(ph, "Probe")
            ph.line(f"MPI_Probe({src}, {tag}, comm, &st);")
        else:
            self.feature(ph, "Iprobe")
            ph.line("int flag = 0, polls = 0;")
            ph.line(f"while (!flag) {{ MPI_Iprobe({src}, {tag}, comm, &flag, &st); ++polls; }}")
        self.feature(ph, "Get_count")
        ph.line("int count = 0;")
        ph.line("MPI_Get_count(&st, MPI_INT, &count);")
        ph.line("std::vector<int> in(count);")
        ph.line(f"MPI_Recv(in.data(), count, MPI_INT, st.MPI_SOURCE, {tag}, comm, MPI_STATUS_IGNORE);")
        ph.line("MPI_Wait(&sreq, MPI_STATUS_IGNORE);")
        self.say(ph, "probed count %d from left %d", "count, st.MPI_SOURCE == left ? 1 : 0")
        self.show(ph, "probed", "in.data()", "count")
        self.close_comm(ph, closing)

    def collective(self, ph, which, indent=1):
        i = indent
        self.feature(ph, which)
        op, opname = self.pick([("MPI_SUM", "sum"), ("MPI_MAX", "max"), ("MPI_MIN", "min"),
                                ("MPI_BXOR", "bxor"), ("MPI_BOR", "bor"), ("MPI_PROD", "prod")])
        root = self.r.randint(0, 7)
        val = "(me % 3 + 1)" if op == "MPI_PROD" else "(me * 7 + it + 1)"
        if which == "Barrier":
            ph.line("MPI_Barrier(comm);", i)
        elif which == "Bcast":
            dtype = self.pick(["int", "double", "long"])
            mpi = {"int": "MPI_INT", "double": "MPI_DOUBLE", "long": "MPI_LONG"}[dtype]
            fmt = {"int": "%d", "double": "%.1f", "long": "%ld"}[dtype]
            ph.line("{", i)
            ph.line(f"{dtype} b[3] = {{0, 0, 0}};", i + 1)
            ph.line(f"if (me == {root} % np) {{ b[0] = ({dtype})(me + 5); b[1] = ({dtype})(it * 2); b[2] = ({dtype})np; }}", i + 1)
            ph.line(f"MPI_Bcast(b, 3, {mpi}, {root} % np, comm);", i + 1)
            self.say(ph, f"bcast {fmt} {fmt} {fmt}", "b[0], b[1], b[2]", i + 1)
            ph.line("}", i)
        elif which == "Reduce":
            use_user = self.chance(0.25)
            ph.line("{", i)
            if use_user:
                self.need("userOp")
                self.feature(ph, "Op_create")
                ph.line("MPI_Op op;", i + 1)
                ph.line("MPI_Op_create(absSum, 1, &op);", i + 1)
                ph.line("int v[2] = {me - 2, -(me + it)}, r[2] = {0, 0};", i + 1)
                ph.line(f"MPI_Reduce(v, r, 2, MPI_INT, op, {root} % np, comm);", i + 1)
                ph.line("MPI_Op_free(&op);", i + 1)
                opname = "abssum"
            else:
                ph.line(f"int v[2] = {{{val}, me}}, r[2] = {{0, 0}};", i + 1)
                ph.line(f"MPI_Reduce(v, r, 2, MPI_INT, {op}, {root} % np, comm);", i + 1)
            ph.line(f"if (me == {root} % np) {{", i + 1)
            self.say(ph, f"reduce {opname} %d %d", "r[0], r[1]", i + 2)
            ph.line("}", i + 1)
            ph.line("}", i)
        elif which == "Allreduce":
            dtype = self.pick(["int", "double"])
            ph.line("{", i)
            if dtype == "double" and op in ("MPI_BXOR", "MPI_BOR"):
                op, opname = "MPI_SUM", "sum"
            mpi = "MPI_INT" if dtype == "int" else "MPI_DOUBLE"
            ph.line(f"{dtype} v = ({dtype}){val}, r = 0;", i + 1)
            ph.line(f"MPI_Allreduce(&v, &r, 1, {mpi}, {op}, comm);", i + 1)
            self.say(ph, f"allreduce {opname} " + ("%d" if dtype == "int" else "%.1f"), "r", i + 1)
            ph.line("}", i)
        elif which in ("Gather", "Allgather"):
            ph.line("{", i)
            ph.line("int v[2] = {me, me * me + it};", i + 1)
            ph.line("std::vector<int> all(2 * np, -1);", i + 1)
            if which == "Gather":
                ph.line(f"MPI_Gather(v, 2, MPI_INT, all.data(), 2, MPI_INT, {root} % np, comm);", i + 1)
                ph.line(f"if (me == {root} % np)", i + 1)
                self.show(ph, "gather", "all.data()", "2 * np", i + 2)
            else:
                ph.line("MPI_Allgather(v, 2, MPI_INT, all.data(), 2, MPI_INT, comm);", i + 1)
                self.show(ph, "allgather", "all.data()", "2 * np", i + 1)
            ph.line("}", i)
        elif which in ("Gatherv", "Allgatherv"):
            ph.line("{", i)
            ph.line("int mine = me % 3 + 1;", i + 1)
            ph.line("std::vector<int> v(mine, me + it), counts(np), displs(np);", i + 1)
            ph.line("int total = 0;", i + 1)
            ph.line("for (int j = 0; j < np; ++j) { counts[j] = j % 3 + 1; displs[j] = total; total += counts[j]; }", i + 1)
            ph.line("std::vector<int> all(total, -1);", i + 1)
            if which == "Gatherv":
                ph.line(f"MPI_Gatherv(v.data(), mine, MPI_INT, all.data(), counts.data(), displs.data(), MPI_INT, {root} % np, comm);", i + 1)
                ph.line(f"if (me == {root} % np)", i + 1)
                self.show(ph, "gatherv", "all.data()", "total", i + 2)
            else:
                ph.line("MPI_Allgatherv(v.data(), mine, MPI_INT, all.data(), counts.data(), displs.data(), MPI_INT, comm);", i + 1)
                self.show(ph, "allgatherv", "all.data()", "total", i + 1)
            ph.line("}", i)
        elif which == "Scatter":
            ph.line("{", i)
            ph.line("std::vector<int> all(2 * np);", i + 1)
            ph.line("for (int j = 0; j < 2 * np; ++j) all[j] = j * 3 + it;", i + 1)
            ph.line("int got[2] = {-1, -1};", i + 1)
            ph.line(f"MPI_Scatter(all.data(), 2, MPI_INT, got, 2, MPI_INT, {root} % np, comm);", i + 1)
            self.show(ph, "scatter", "got", 2, i + 1)
            ph.line("}", i)
        elif which == "Scatterv":
            ph.line("{", i)
            ph.line("std::vector<int> counts(np), displs(np);", i + 1)
            ph.line("int total = 0;", i + 1)
            ph.line("for (int j = 0; j < np; ++j) { counts[j] = (j + 1) % 3; displs[j] = total; total += counts[j]; }", i + 1)
            ph.line("std::vector<int> all(total + 1);", i + 1)
            ph.line("for (int j = 0; j < total; ++j) all[j] = 50 + j + it;", i + 1)
            ph.line("int got[3] = {-1, -1, -1};", i + 1)
            ph.line(f"MPI_Scatterv(all.data(), counts.data(), displs.data(), MPI_INT, got, counts[me], MPI_INT, {root} % np, comm);", i + 1)
            self.show(ph, "scatterv", "got", 3, i + 1)
            ph.line("}", i)
        elif which == "Alltoall":
            ph.line("{", i)
            ph.line("std::vector<int> s(np), g(np, -1);", i + 1)
            ph.line("for (int j = 0; j < np; ++j) s[j] = me * 10 + j + it;", i + 1)
            ph.line("MPI_Alltoall(s.data(), 1, MPI_INT, g.data(), 1, MPI_INT, comm);", i + 1)
            self.show(ph, "alltoall", "g.data()", "np", i + 1)
            ph.line("}", i)
        elif which == "Alltoallv":
            ph.line("{", i)
            ph.line("std::vector<int> sc(np), sd(np), rc(np), rd(np);", i + 1)
            ph.line("int st = 0, rt = 0;", i + 1)
            ph.line("for (int j = 0; j < np; ++j) {", i + 1)
            ph.line("sc[j] = (me + j) % 2 + 1; sd[j] = st; st += sc[j];", i + 2)
            ph.line("rc[j] = (j + me) % 2 + 1; rd[j] = rt; rt += rc[j];", i + 2)
            ph.line("}", i + 1)
            ph.line("std::vector<int> s(st), g(rt, -1);", i + 1)
            ph.line("for (int j = 0; j < st; ++j) s[j] = me * 100 + j;", i + 1)
            ph.line("MPI_Alltoallv(s.data(), sc.data(), sd.data(), MPI_INT, g.data(), rc.data(), rd.data(), MPI_INT, comm);", i + 1)
            self.show(ph, "alltoallv", "g.data()", "rt", i + 1)
            ph.line("}", i)
        elif which in ("Scan", "Exscan"):
            if op == "MPI_PROD":
                op, opname, val = "MPI_SUM", "sum", "(me * 7 + it + 1)"
            ph.line("{", i)
            ph.line(f"int v = {val}, r = -1;", i + 1)
            ph.line(f"MPI_{which}(&v, &r, 1, MPI_INT, {op}, comm);", i + 1)
            if which == "Scan":
                self.say(ph, f"scan {opname} %d", "r", i + 1)
            else:
                ph.line("if (me > 0) {", i + 1)
                self.say(ph, f"exscan {opname} %d", "r", i + 2)
                ph.line("}", i + 1)
            ph.line("}", i)
        elif which == "Reduce_scatter_block":
            if op == "MPI_PROD":
                op, opname = "MPI_SUM", "sum"
            ph.line("{", i)
            ph.line("std::vector<int> s(2 * np);", i + 1)
            ph.line("for (int j = 0; j < 2 * np; ++j) s[j] = me + j * it + 1;", i + 1)
            ph.line("int r[2] = {-1, -1};", i + 1)
            ph.line(f"MPI_Reduce_scatter_block(s.data(), r, 2, MPI_INT, {op}, comm);", i + 1)
            self.show(ph, f"reduce_scatter_block {opname}", "r", 2, i + 1)
            ph.line("}", i)
        elif which == "sumOver":
            self.need("sumOver")
            self.feature(ph, "helper-collective")
            self.say(ph, "sumOver %ld", "sumOver(me + it, comm)", i)
        elif which == "maxOverDeep":
            self.need("maxOverDeep")
            self.feature(ph, "helper-collective")
            ph.line("{ int m = maxOverDeep(me * 3 % 5, comm);", i)
            self.say(ph, "maxOverDeep %d", "m", i + 1)
            ph.line("}", i)
        elif which == "allSumT":
            self.need("allSumT")
            self.feature(ph, "template")
            ph.line("{ int a = allSumT<int>(me + 1, MPI_INT, comm);", i)
            ph.line("long b = allSumT(static_cast<long>(me * 2), MPI_LONG, comm);", i + 1)
            ph.line("double c = allSumT<double>(me + 0.5, MPI_DOUBLE, comm);", i + 1)
            self.say(ph, "allSumT %d %ld %.1f", "a, b, c", i + 1)
            ph.line("}", i)

    COLLECTIVES = ["Barrier", "Bcast", "Reduce", "Allreduce", "Gather", "Gatherv", "Scatter",
                   "Scatterv", "Allgather", "Allgatherv", "Alltoall", "Alltoallv", "Scan",
                   "Exscan", "Reduce_scatter_block", "sumOver", "maxOverDeep", "allSumT"]

    def phase_collectives(self, ph, tag):
        closing = self.open_comm(ph)
        for which in self.r.sample(self.COLLECTIVES, self.r.randint(2, 4)):
            self.collective(ph, which)
        self.close_comm(ph, closing)

    def phase_datatypes(self, ph, tag):
        closing = self.open_comm(ph)
        kind = self.pick(["vector", "contiguous", "struct", "bcast-struct"])
        ph.line(f"int right = (me + 1) % np, left = (me + np - 1) % np;")
        ph.line("(void)right; (void)left;")
        if kind == "vector":
            self.feature(ph, "Type_vector")
            rows, cols = self.r.randint(2, 4), self.r.randint(2, 4)
            col = self.r.randint(0, cols - 1)
            ph.line(f"int m[{rows}][{cols}], column[{rows}];")
            ph.line(f"for (int a = 0; a < {rows}; ++a) for (int b = 0; b < {cols}; ++b) m[a][b] = me * 100 + a * 10 + b;")
            ph.line(f"for (int a = 0; a < {rows}; ++a) column[a] = -1;")
            ph.line("MPI_Datatype colType;")
            ph.line(f"MPI_Type_vector({rows}, 1, {cols}, MPI_INT, &colType);")
            ph.line("MPI_Type_commit(&colType);")
            ph.line("MPI_Request req;")
            if self.chance(0.5):
                ph.line(f"MPI_Irecv(column, {rows}, MPI_INT, left, {tag}, comm, &req);")
                ph.line(f"MPI_Send(&m[0][{col}], 1, colType, right, {tag}, comm);")
            else:
                # receive with the vector type into a column of another matrix
                ph.line(f"int m2[{rows}][{cols}] = {{}};")
                ph.line(f"MPI_Irecv(&m2[0][{col}], 1, colType, left, {tag}, comm, &req);")
                ph.line(f"MPI_Send(&m[0][{col}], {rows}, MPI_INT, right, {tag}, comm);")
                ph.line("MPI_Wait(&req, MPI_STATUS_IGNORE);")
                ph.line(f"for (int a = 0; a < {rows}; ++a) column[a] = m2[a][{col}];")
                ph.line("req = MPI_REQUEST_NULL;")
            ph.line("MPI_Wait(&req, MPI_STATUS_IGNORE);")
            ph.line("MPI_Type_free(&colType);")
            self.show(ph, "column", "column", rows)
        elif kind == "contiguous":
            self.feature(ph, "Type_contiguous")
            k = self.r.randint(2, 3)
            ph.line("MPI_Datatype triple;")
            ph.line(f"MPI_Type_contiguous({k}, MPI_INT, &triple);")
            ph.line("MPI_Type_commit(&triple);")
            ph.line(f"int out[2 * {k}], in[2 * {k}];")
            ph.line(f"for (int a = 0; a < 2 * {k}; ++a) {{ out[a] = me + a * it; in[a] = 0; }}")
            ph.line(f"MPI_Sendrecv(out, 2, triple, right, {tag}, in, 2, triple, left, {tag}, comm, MPI_STATUS_IGNORE);")
            ph.line("MPI_Type_free(&triple);")
            self.show(ph, "contiguous", "in", f"2 * {k}")
        else:
            self.feature(ph, "Type_create_struct")
            ph.helpers.append(
                f"struct Item{ph.index} {{\n  int id;\n  double weight;\n  int pair[2];\n}};\n")
            ph.line("MPI_Datatype itemType, items;")
            ph.line("int lens[3] = {1, 1, 2};")
            ph.line(f"MPI_Aint offs[3] = {{offsetof(Item{ph.index}, id), offsetof(Item{ph.index}, weight), offsetof(Item{ph.index}, pair)}};")
            ph.line("MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_INT};")
            ph.line("MPI_Type_create_struct(3, lens, offs, types, &itemType);")
            ph.line(f"MPI_Type_create_resized(itemType, 0, sizeof(Item{ph.index}), &items);")
            ph.line("MPI_Type_commit(&items);")
            ph.line(f"Item{ph.index} out[2], in[2];")
            ph.line("for (int a = 0; a < 2; ++a) {")
            ph.line("out[a].id = me * 10 + a; out[a].weight = me + a + 0.5; out[a].pair[0] = it; out[a].pair[1] = -me;", 2)
            ph.line("in[a].id = -1; in[a].weight = 0; in[a].pair[0] = in[a].pair[1] = 0;", 2)
            ph.line("}")
            if kind == "struct":
                ph.line("MPI_Request req[2];")
                ph.line(f"MPI_Irecv(in, 2, items, left, {tag}, comm, &req[0]);")
                ph.line(f"MPI_Isend(out, 2, items, right, {tag}, comm, &req[1]);")
                ph.line("MPI_Waitall(2, req, MPI_STATUSES_IGNORE);")
            else:
                self.feature(ph, "Bcast")
                root = self.r.randint(0, 7)
                ph.line(f"if (me == {root} % np) {{ in[0] = out[0]; in[1] = out[1]; }}")
                ph.line(f"MPI_Bcast(in, 2, items, {root} % np, comm);")
            ph.line("MPI_Type_free(&items);")
            ph.line("MPI_Type_free(&itemType);")
            self.say(ph, "struct %d %.1f %d %d / %d %.1f %d %d",
                     "in[0].id, in[0].weight, in[0].pair[0], in[0].pair[1], in[1].id, in[1].weight, in[1].pair[0], in[1].pair[1]")
        self.close_comm(ph, closing)

    # ---------------------------------------------------------------- olap regions
    def olap_pragma(self, ph, indent):
        if self.chance(0.25):
            self.feature(ph, "olap-priority")
            ph.line(f"#pragma bamboo olap priority({self.r.randint(-3, 5)})", 0)
        else:
            ph.line("#pragma bamboo olap", 0)
        ph.line("{", indent)

    def region_send(self, ph, buf, n, dest, tag, indent, reqs=None, modes=None):
        """A send inside a region: never blocks the original either when receives are posted."""
        mode = self.pick(modes or ["Send", "Isend", "Ssend", "Bsend", "sendWait"])
        if mode == "Isend" and reqs is None:
            mode = "Send"
        self.feature(ph, "olap-" + mode)
        if mode == "sendWait":
            self.need("sendWait")
            ph.line(f"sendWait({buf}, {n}, {dest}, {tag}, comm);", indent)
        elif mode == "Isend":
            ph.line(f"MPI_Isend({buf}, {n}, MPI_INT, {dest}, {tag}, comm, &{reqs[0]}[{reqs[1]}++]);", indent)
        else:
            if mode == "Bsend":
                self.uses_bsend = True
            ph.line(f"MPI_{mode}({buf}, {n}, MPI_INT, {dest}, {tag}, comm);", indent)

    def phase_olap(self, ph, tag):
        self.feature(ph, "olap")
        closing = self.open_comm(ph)
        variant = self.pick(["halo", "halo", "sendfirst", "wildcard", "noblocks", "steps",
                             "inhelper", "icoll"])
        self.feature(ph, "olap-" + variant)
        n = self.r.randint(1, 4)
        periodic = self.chance(0.6)
        if periodic:
            ph.line("int right = (me + 1) % np, left = (me + np - 1) % np;")
        else:
            self.feature(ph, "PROC_NULL")
            ph.line("int right = me + 1 < np ? me + 1 : MPI_PROC_NULL, left = me > 0 ? me - 1 : MPI_PROC_NULL;")
        ph.line("(void)right; (void)left;")
        if variant in ("halo", "noblocks", "steps"):
            steps = self.r.randint(2, 3) if variant == "steps" else 1
            ph.line(f"int u[{n} + 2];")
            ph.line(f"for (int i = 0; i < {n} + 2; ++i) u[i] = (i == 0 || i == {n} + 1) ? -1 : me * 10 + i + it;")
            ph.line(f"int haloL[1] = {{-5}}, haloR[1] = {{-5}};")
            ph.line("MPI_Request rq[4];")
            ph.line("MPI_Status sts[4];")
            if steps > 1:
                ph.line(f"for (int step = 0; step < {steps}; ++step) {{")
                ind = 2
            else:
                ind = 1
            ph.line("int nr = 0;", ind)
            self.olap_pragma(ph, ind)
            use_post = self.chance(0.3)
            recv_lines = []
            if use_post:
                self.need("postRecv")
                self.feature(ph, "olap-helper-recv")
                recv_lines.append(f"postRecv(haloL, 1, left, {tag}, comm, &rq[nr++]);")
                recv_lines.append(f"postRecv(haloR, 1, right, {tag + 1}, comm, &rq[nr++]);")
            else:
                recv_lines.append(f"MPI_Irecv(haloL, 1, MPI_INT, left, {tag}, comm, &rq[nr++]);")
                recv_lines.append(f"MPI_Irecv(haloR, 1, MPI_INT, right, {tag + 1}, comm, &rq[nr++]);")
            if variant != "noblocks":
                ph.line("#pragma bamboo receive", 0)
                ph.line("{", ind + 1)
                for l in recv_lines:
                    ph.line(l, ind + 2)
                ph.line("}", ind + 1)
                ph.line("#pragma bamboo send", 0)
                ph.line("{", ind + 1)
                self.region_send(ph, f"&u[{n}]", 1, "right", tag, ind + 2, ("rq", "nr"))
                self.region_send(ph, "&u[1]", 1, "left", tag + 1, ind + 2, ("rq", "nr"))
                ph.line("}", ind + 1)
            else:
                for l in recv_lines:
                    ph.line(l, ind + 1)
                self.region_send(ph, f"&u[{n}]", 1, "right", tag, ind + 1, ("rq", "nr"))
                self.region_send(ph, "&u[1]", 1, "left", tag + 1, ind + 1, ("rq", "nr"))
            wait_inside = self.chance(0.7)
            if wait_inside:
                self.feature(ph, "olap-Waitall")
                ph.line("MPI_Waitall(nr, rq, sts);", ind + 1)
            ph.line("}", ind)
            if not wait_inside:
                ph.line("MPI_Waitall(nr, rq, sts);", ind)
            ph.line("u[0] = haloL[0]; u[" + str(n) + " + 1] = haloR[0];", ind)
            if steps > 1:
                ph.line(f"for (int i = 1; i <= {n}; ++i) u[i] = (u[i - 1] + u[i] + u[i + 1]) % 1000;", ind)
                ph.line("}")
            self.show(ph, "halo u", "u", f"{n} + 2")
        elif variant == "sendfirst":
            # Sends that do not block, then blocking receives: valid as plain MPI too.
            ph.line(f"int a[{n}], fromL[{n}], fromR[{n}];")
            ph.line(f"for (int i = 0; i < {n}; ++i) {{ a[i] = me * 3 + i + it; fromL[i] = fromR[i] = -2; }}")
            ph.line("MPI_Request sq[2];")
            ph.line("int ns = 0;")
            self.olap_pragma(ph, 1)
            ph.line("#pragma bamboo send", 0)
            ph.line("{", 2)
            for dest, t in (("right", tag), ("left", tag + 1)):
                self.region_send(ph, "a", n, dest, t, 3, ("sq", "ns"), ["Isend", "Isend", "Bsend"])
            ph.line("}", 2)
            ph.line("#pragma bamboo receive", 0)
            ph.line("{", 2)
            how = self.pick(["Recv", "Recv", "recvInto"])
            self.feature(ph, "olap-" + how)
            for buf, src, t in (("fromL", "left", tag), ("fromR", "right", tag + 1)):
                if how == "Recv":
                    ph.line(f"MPI_Recv({buf}, {n}, MPI_INT, {src}, {t}, comm, MPI_STATUS_IGNORE);", 3)
                else:
                    self.need("recvInto")
                    ph.line(f"recvInto({buf}, {n}, {src}, {t}, comm);", 3)
            ph.line("}", 2)
            ph.line("MPI_Waitall(ns, sq, MPI_STATUSES_IGNORE);", 2)
            ph.line("}", 1)
            self.show(ph, "from left", "fromL", n)
            self.show(ph, "from right", "fromR", n)
        elif variant == "inhelper":
            # The region is in a helper function: the helper becomes a task.
            send = self.pick(["MPI_Send", "MPI_Ssend", "MPI_Bsend"])
            if send == "MPI_Bsend":
                self.uses_bsend = True
            fn = f"haloRegion{ph.index}"
            ph.helpers.append(
                f"// An olap region inside a helper function.\n"
                f"static void {fn}(const int *u, int n, int *haloL, int *haloR, int left, int right, int tag, MPI_Comm comm) {{\n"
                f"  MPI_Request rq[2];\n"
                f"  int nr = 0;\n"
                f"#pragma bamboo olap\n"
                f"  {{\n"
                f"#pragma bamboo receive\n"
                f"    {{\n"
                f"      MPI_Irecv(haloL, 1, MPI_INT, left, tag, comm, &rq[nr++]);\n"
                f"      MPI_Irecv(haloR, 1, MPI_INT, right, tag + 1, comm, &rq[nr++]);\n"
                f"    }}\n"
                f"#pragma bamboo send\n"
                f"    {{\n"
                f"      {send}(&u[n], 1, MPI_INT, right, tag, comm);\n"
                f"      {send}(&u[1], 1, MPI_INT, left, tag + 1, comm);\n"
                f"    }}\n"
                f"    MPI_Waitall(nr, rq, MPI_STATUSES_IGNORE);\n"
                f"  }}\n"
                f"}}\n")
            ph.line(f"int u[{n} + 2];")
            ph.line(f"for (int i = 0; i < {n} + 2; ++i) u[i] = me * 10 + i + it;")
            ph.line("int haloL = -5, haloR = -5;")
            ph.line(f"{fn}(u, {n}, &haloL, &haloR, left, right, {tag}, comm);")
            self.say(ph, "helper region halo %d %d", "haloL, haloR")
        elif variant == "icoll":
            # A nonblocking collective started in a region joins its firing rule.
            self.feature(ph, "nonblocking-collective")
            ph.line("int v = me + it, sum = -1, fromL = -1;")
            ph.line("MPI_Request cq, rq;")
            self.olap_pragma(ph, 1)
            ph.line("#pragma bamboo receive", 0)
            ph.line(f"{{ MPI_Irecv(&fromL, 1, MPI_INT, left, {tag}, comm, &rq); }}", 2)
            ph.line("#pragma bamboo send", 0)
            ph.line("{", 2)
            self.region_send(ph, "&v", 1, "right", tag, 3, None, ["Send", "Ssend", "Bsend", "sendWait"])
            ph.line("}", 2)
            ph.line(f"MPI_I{self.pick(['allreduce', 'allreduce'])}(&v, &sum, 1, MPI_INT, MPI_SUM, comm, &cq);", 2)
            ph.line("MPI_Wait(&cq, MPI_STATUS_IGNORE);", 2)
            ph.line("MPI_Wait(&rq, MPI_STATUS_IGNORE);", 2)
            ph.line("}", 1)
            self.say(ph, "icoll region sum %d from left %d", "sum, fromL")
        else:  # wildcard: a root collects from everybody inside a region
            self.feature(ph, "ANY_SOURCE")
            root = self.r.randint(0, 7)
            ph.line(f"int root = {root} % np;")
            ph.line("int mine = me * 11 + it;")
            ph.line("std::vector<int> vals(np, -1);")
            ph.line("std::vector<MPI_Request> reqs(np, MPI_REQUEST_NULL);")
            ph.line("std::vector<MPI_Status> sts(np);")
            ph.line("int nr = 0;")
            self.olap_pragma(ph, 1)
            ph.line("#pragma bamboo receive", 0)
            ph.line("{", 2)
            ph.line("if (me == root)", 3)
            ph.line("for (int i = 0; i < np; ++i)", 4)
            ph.line(f"MPI_Irecv(&vals[i], 1, MPI_INT, MPI_ANY_SOURCE, {tag}, comm, &reqs[nr++]);", 5)
            ph.line("}", 2)
            ph.line("#pragma bamboo send", 0)
            ph.line("{", 2)
            self.region_send(ph, "&mine", 1, "root", tag, 3, None, ["Send", "Ssend", "Bsend", "sendWait"])
            ph.line("}", 2)
            ph.line("MPI_Waitall(nr, reqs.data(), sts.data());", 2)
            ph.line("}", 1)
            ph.line("if (me == root) {")
            ph.line("long sum = 0;", 2)
            ph.line("std::vector<int> sources;", 2)
            ph.line("for (int i = 0; i < np; ++i) { sum += vals[i]; sources.push_back(sts[i].MPI_SOURCE); }", 2)
            ph.line("std::sort(sources.begin(), sources.end());", 2)
            self.say(ph, "olap root sum %ld", "sum", 2)
            self.show(ph, "olap sources", "sources.data()", "np", 2)
            ph.line("}")
        self.close_comm(ph, closing)

    # ---------------------------------------------------------------- less common MPI
    def extra_inplace(self, ph, tag, i):
        self.feature(ph, "IN_PLACE")
        root = self.r.randint(0, 7)
        which = self.pick(["Allreduce", "Reduce", "Allgather", "Gather"])
        self.feature(ph, which)
        ph.line("{", i)
        if which == "Allreduce":
            ph.line("int v[2] = {me + 1, me * it};", i + 1)
            ph.line("MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_INT, MPI_SUM, comm);", i + 1)
            self.show(ph, "inplace allreduce", "v", 2, i + 1)
        elif which == "Reduce":
            ph.line("int v[2] = {me + 2, -me};", i + 1)
            ph.line(f"if (me == {root} % np) MPI_Reduce(MPI_IN_PLACE, v, 2, MPI_INT, MPI_MAX, {root} % np, comm);", i + 1)
            ph.line(f"else MPI_Reduce(v, nullptr, 2, MPI_INT, MPI_MAX, {root} % np, comm);", i + 1)
            ph.line(f"if (me == {root} % np)", i + 1)
            self.show(ph, "inplace reduce", "v", 2, i + 2)
        elif which == "Allgather":
            ph.line("std::vector<int> all(np, -1);", i + 1)
            ph.line("all[me] = me * 3 + it;", i + 1)
            ph.line("MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all.data(), 1, MPI_INT, comm);", i + 1)
            self.show(ph, "inplace allgather", "all.data()", "np", i + 1)
        else:
            ph.line("std::vector<int> all(np, -1);", i + 1)
            ph.line("int mine = me * 5 + it;", i + 1)
            ph.line(f"if (me == {root} % np) {{ all[me] = mine; MPI_Gather(MPI_IN_PLACE, 1, MPI_INT, all.data(), 1, MPI_INT, {root} % np, comm); }}", i + 1)
            ph.line(f"else MPI_Gather(&mine, 1, MPI_INT, nullptr, 1, MPI_INT, {root} % np, comm);", i + 1)
            ph.line(f"if (me == {root} % np)", i + 1)
            self.show(ph, "inplace gather", "all.data()", "np", i + 2)
        ph.line("}", i)

    def extra_icoll(self, ph, tag, i):
        self.feature(ph, "nonblocking-collective")
        root = self.r.randint(0, 7)
        ph.line("{", i)
        ph.line("MPI_Request cr[3];", i + 1)
        ph.line("int v = me + it, sum = 0, b[2] = {0, 0};", i + 1)
        ph.line(f"if (me == {root} % np) {{ b[0] = 42 + it; b[1] = np; }}", i + 1)
        ph.line("MPI_Ibarrier(comm, &cr[0]);", i + 1)
        ph.line("MPI_Iallreduce(&v, &sum, 1, MPI_INT, MPI_SUM, comm, &cr[1]);", i + 1)
        ph.line(f"MPI_Ibcast(b, 2, MPI_INT, {root} % np, comm, &cr[2]);", i + 1)
        self.completion(ph, "cr", 3, "C", i + 1)
        self.say(ph, "icoll %d sum %d bcast %d %d", "doneC, sum, b[0], b[1]", i + 1)
        ph.line("}", i)

    def extra_persistent(self, ph, tag, i):
        self.feature(ph, "persistent")
        steps = self.r.randint(2, 3)
        ph.line("{", i)
        ph.line("int right = (me + 1) % np, left = (me + np - 1) % np;", i + 1)
        ph.line("int out[2] = {me, 0}, in[2] = {-1, -1};", i + 1)
        ph.line("MPI_Request pr[2];", i + 1)
        ph.line(f"MPI_Recv_init(in, 2, MPI_INT, left, {tag}, comm, &pr[0]);", i + 1)
        ph.line(f"MPI_Send_init(out, 2, MPI_INT, right, {tag}, comm, &pr[1]);", i + 1)
        ph.line("long acc = 0;", i + 1)
        ph.line(f"for (int s = 0; s < {steps}; ++s) {{", i + 1)
        ph.line("out[1] = s * 10 + me;", i + 2)
        if self.chance(0.5):
            ph.line("MPI_Startall(2, pr);", i + 2)
        else:
            ph.line("MPI_Start(&pr[0]);", i + 2)
            ph.line("MPI_Start(&pr[1]);", i + 2)
        ph.line("MPI_Waitall(2, pr, MPI_STATUSES_IGNORE);", i + 2)
        ph.line("acc = acc * 100 + in[0] * 7 + in[1];", i + 2)
        ph.line("}", i + 1)
        ph.line("MPI_Request_free(&pr[0]);", i + 1)
        ph.line("MPI_Request_free(&pr[1]);", i + 1)
        self.say(ph, "persistent %ld", "acc", i + 1)
        ph.line("}", i)

    def extra_replace(self, ph, tag, i):
        self.feature(ph, "Sendrecv_replace")
        d = self.r.randint(1, 3)
        ph.line("{", i)
        ph.line(f"int right = (me + {d}) % np, left = ((me - {d}) % np + np) % np;", i + 1)
        ph.line("int v[3] = {me, me * 2, it};", i + 1)
        ph.line("MPI_Status st;", i + 1)
        ph.line(f"MPI_Sendrecv_replace(v, 3, MPI_INT, right, {tag}, left, {tag}, comm, &st);", i + 1)
        self.say(ph, "replace %d %d %d src-ok %d", "v[0], v[1], v[2], st.MPI_SOURCE == left", i + 1)
        ph.line("}", i)

    def extra_large(self, ph, tag, i):
        self.feature(ph, "large-message")
        n = self.pick([9000, 12000, 20000])  # 36 to 80 KB: above the runtime's eager limit
        ph.line("{", i)
        ph.line("int right = (me + 1) % np, left = (me + np - 1) % np;", i + 1)
        # A vector, or static arrays: a buffer with a constant address is memory like any other
        # (a send of one once moved above the loop that filled it).
        if self.chance(0.3):
            self.feature(ph, "large-static")
            ph.line(f"static int out[{n}], in[{n}];", i + 1)
            ph.line(f"for (int k = 0; k < {n}; ++k) in[k] = 0;", i + 1)
            outp, inp = "out", "in"
        else:
            ph.line(f"std::vector<int> out({n}), in({n}, 0);", i + 1)
            outp, inp = "out.data()", "in.data()"
        ph.line(f"for (int k = 0; k < {n}; ++k) out[k] = (me * 7919 + k * 31 + it) % 10007;", i + 1)
        how = self.pick(["Sendrecv", "Irecv+Send", "Irecv+Isend"])
        self.feature(ph, "large-" + how)
        if how == "Sendrecv":
            ph.line(f"MPI_Sendrecv({outp}, {n}, MPI_INT, right, {tag}, {inp}, {n}, MPI_INT, left, {tag}, comm, MPI_STATUS_IGNORE);", i + 1)
        elif how == "Irecv+Send":
            ph.line("MPI_Request req;", i + 1)
            ph.line(f"MPI_Irecv({inp}, {n}, MPI_INT, left, {tag}, comm, &req);", i + 1)
            ph.line(f"MPI_Send({outp}, {n}, MPI_INT, right, {tag}, comm);", i + 1)
            ph.line("MPI_Wait(&req, MPI_STATUS_IGNORE);", i + 1)
        else:
            ph.line("MPI_Request req[2];", i + 1)
            ph.line(f"MPI_Isend({outp}, {n}, MPI_INT, right, {tag}, comm, &req[1]);", i + 1)
            ph.line(f"MPI_Irecv({inp}, {n}, MPI_INT, left, {tag}, comm, &req[0]);", i + 1)
            ph.line("MPI_Waitall(2, req, MPI_STATUSES_IGNORE);", i + 1)
        ph.line("long sum = 0;", i + 1)
        ph.line(f"for (int k = 0; k < {n}; ++k) sum = (sum * 3 + in[k]) % 1000000007;", i + 1)
        self.say(ph, "large %ld", "sum", i + 1)
        ph.line("}", i)

    def extra_procnull(self, ph, tag, i):
        self.feature(ph, "PROC_NULL")
        ph.line("{", i)
        ph.line("int v[2] = {7, 7};", i + 1)
        ph.line("MPI_Status st;", i + 1)
        ph.line(f"MPI_Send(v, 2, MPI_INT, MPI_PROC_NULL, {tag}, comm);", i + 1)
        ph.line(f"MPI_Recv(v, 2, MPI_INT, MPI_PROC_NULL, {tag}, comm, &st);", i + 1)
        ph.line("int count = -1;", i + 1)
        ph.line("MPI_Get_count(&st, MPI_INT, &count);", i + 1)
        self.say(ph, "procnull %d %d count %d v %d", "st.MPI_SOURCE == MPI_PROC_NULL, st.MPI_TAG == MPI_ANY_TAG, count, v[0]", i + 1)
        ph.line("}", i)

    def extra_zero(self, ph, tag, i):
        self.feature(ph, "zero-count")
        ph.line("{", i)
        ph.line("int right = (me + 1) % np, left = (me + np - 1) % np;", i + 1)
        ph.line("int v[4] = {9, 9, 9, 9};", i + 1)
        ph.line("MPI_Request req;", i + 1)
        ph.line("MPI_Status st;", i + 1)
        ph.line(f"MPI_Irecv(v, 4, MPI_INT, left, {tag}, comm, &req);", i + 1)
        ph.line(f"MPI_Send(nullptr, 0, MPI_INT, right, {tag}, comm);", i + 1)
        ph.line("MPI_Wait(&req, &st);", i + 1)
        ph.line("int count = -1;", i + 1)
        ph.line("MPI_Get_count(&st, MPI_INT, &count);", i + 1)
        self.say(ph, "zero count %d v %d", "count, v[0]", i + 1)
        ph.line("}", i)

    def extra_anytag_ordered(self, ph, tag, i):
        """ANY_TAG from one source: non-overtaking fixes the order."""
        self.feature(ph, "ANY_TAG")
        ph.line("{", i)
        ph.line("int right = (me + 1) % np, left = (me + np - 1) % np;", i + 1)
        ph.line("int a = me, b = me + 100;", i + 1)
        ph.line("MPI_Request sr[2];", i + 1)
        ph.line(f"MPI_Isend(&a, 1, MPI_INT, right, {tag} + 1, comm, &sr[0]);", i + 1)
        ph.line(f"MPI_Isend(&b, 1, MPI_INT, right, {tag} + 2, comm, &sr[1]);", i + 1)
        ph.line("int got[4];", i + 1)
        ph.line("for (int k = 0; k < 2; ++k) {", i + 1)
        ph.line("MPI_Status st;", i + 2)
        ph.line("MPI_Recv(&got[2 * k], 1, MPI_INT, left, MPI_ANY_TAG, comm, &st);", i + 2)
        ph.line(f"got[2 * k + 1] = st.MPI_TAG - ({tag});", i + 2)
        ph.line("}", i + 1)
        ph.line("MPI_Waitall(2, sr, MPI_STATUSES_IGNORE);", i + 1)
        self.show(ph, "anytag ordered", "got", 4, i + 1)
        ph.line("}", i)
        return True  # ANY_TAG: the phase ends with a barrier

    def extra_split_undefined(self, ph, tag, i):
        self.feature(ph, "Comm_split-UNDEFINED")
        ph.line("{", i)
        ph.line("MPI_Comm part;", i + 1)
        ph.line("MPI_Comm_split(comm, me % 3 == 1 ? MPI_UNDEFINED : me % 2, -me, &part);", i + 1)
        ph.line("if (part == MPI_COMM_NULL) {", i + 1)
        self.say(ph, "no part", "", i + 2)
        ph.line("} else {", i + 1)
        ph.line("int pr, ps, s = 0, mine = me + 1;", i + 2)
        ph.line("MPI_Comm_rank(part, &pr);", i + 2)
        ph.line("MPI_Comm_size(part, &ps);", i + 2)
        ph.line("MPI_Allreduce(&mine, &s, 1, MPI_INT, MPI_SUM, part);", i + 2)
        self.say(ph, "part %d of %d sum %d", "pr, ps, s", i + 2)
        ph.line("MPI_Comm_free(&part);", i + 2)
        ph.line("}", i + 1)
        ph.line("}", i)

    def extra_cart(self, ph, tag, i):
        self.feature(ph, "Cart")
        ph.line("{", i)
        ph.line("int dims[2] = {0, 0}, periods[2] = {1, 0}, coords[2];", i + 1)
        ph.line("MPI_Dims_create(np, 2, dims);", i + 1)
        ph.line("MPI_Comm grid;", i + 1)
        ph.line("MPI_Cart_create(comm, 2, dims, periods, 0, &grid);", i + 1)
        ph.line("int gr;", i + 1)
        ph.line("MPI_Comm_rank(grid, &gr);", i + 1)
        ph.line("MPI_Cart_coords(grid, gr, 2, coords);", i + 1)
        ph.line("int up, down, west, east;", i + 1)
        ph.line("MPI_Cart_shift(grid, 0, 1, &up, &down);", i + 1)
        ph.line("MPI_Cart_shift(grid, 1, 1, &west, &east);", i + 1)
        ph.line("int v = gr * 10 + it, fromUp = -1, fromWest = -1;", i + 1)
        ph.line(f"MPI_Sendrecv(&v, 1, MPI_INT, down, {tag}, &fromUp, 1, MPI_INT, up, {tag}, grid, MPI_STATUS_IGNORE);", i + 1)
        ph.line(f"MPI_Sendrecv(&v, 1, MPI_INT, east, {tag} + 1, &fromWest, 1, MPI_INT, west, {tag} + 1, grid, MPI_STATUS_IGNORE);", i + 1)
        self.say(ph, "cart %dx%d at %d,%d up %d west %d", "dims[0], dims[1], coords[0], coords[1], fromUp, fromWest", i + 1)
        ph.line("MPI_Comm_free(&grid);", i + 1)
        ph.line("}", i)

    def extra_mprobe(self, ph, tag, i):
        self.feature(ph, "Mprobe")
        ph.line("{", i)
        ph.line("int right = (me + 1) % np;", i + 1)
        ph.line("int out[3] = {me, me + 1, me + 2};", i + 1)
        ph.line("MPI_Request sreq;", i + 1)
        ph.line(f"MPI_Isend(out, 1 + me % 3, MPI_INT, right, {tag}, comm, &sreq);", i + 1)
        ph.line("MPI_Message msg;", i + 1)
        ph.line("MPI_Status st;", i + 1)
        ph.line(f"MPI_Mprobe(MPI_ANY_SOURCE, {tag}, comm, &msg, &st);", i + 1)
        ph.line("int count = 0;", i + 1)
        ph.line("MPI_Get_count(&st, MPI_INT, &count);", i + 1)
        ph.line("int in[3] = {-1, -1, -1};", i + 1)
        ph.line("MPI_Mrecv(in, count, MPI_INT, &msg, MPI_STATUS_IGNORE);", i + 1)
        ph.line("MPI_Wait(&sreq, MPI_STATUS_IGNORE);", i + 1)
        self.show(ph, "mprobe", "in", 3, i + 1)
        ph.line("}", i)

    def extra_cancel(self, ph, tag, i):
        self.feature(ph, "Cancel")
        ph.line("{", i)
        ph.line("int v = -3, cancelled = 0;", i + 1)
        ph.line("MPI_Request req;", i + 1)
        ph.line("MPI_Status st;", i + 1)
        ph.line(f"MPI_Irecv(&v, 1, MPI_INT, MPI_ANY_SOURCE, {tag}, comm, &req); // nobody sends this", i + 1)
        ph.line("MPI_Cancel(&req);", i + 1)
        ph.line("MPI_Wait(&req, &st);", i + 1)
        ph.line("MPI_Test_cancelled(&st, &cancelled);", i + 1)
        self.say(ph, "cancelled %d v %d", "cancelled, v", i + 1)
        ph.line("}", i)

    EXTRAS = ["inplace", "icoll", "persistent", "replace", "large", "procnull", "zero",
              "anytag_ordered", "split_undefined", "cart", "mprobe", "cancel"]

    def phase_extras(self, ph, tag):
        closing = self.open_comm(ph)
        barrier = False
        for j, which in enumerate(self.r.sample(self.EXTRAS, self.r.randint(1, 3))):
            if getattr(self, "extra_" + which)(ph, tag + 3 * j, 1):
                barrier = True
        if barrier:
            ph.line("MPI_Barrier(MPI_COMM_WORLD); // ANY_TAG: no later message may match here")
        self.close_comm(ph, closing)

    # ---------------------------------------------------------------- C++ shapes around tasks
    def phase_shapes(self, ph, tag):
        """Calls of functions that become tasks in unusual places, and C++ constructs around
        them: every collective here is called by all ranks of the communicator alike."""
        closing = self.open_comm(ph)
        k = ph.index
        self.need("sumOver")
        self.need("maxOverDeep")
        picks = self.r.sample(["ternary", "shortcircuit", "loopcond", "initlist", "method",
                               "recursion", "structret", "switch", "dowhile", "staticinit",
                               "namespace", "overload", "earlyreturn", "staticmember",
                               "derivedglobal", "refparam"], self.r.randint(2, 4))
        for which in picks:
            self.feature(ph, "shape-" + which)
            if which == "ternary":
                ph.line("{ long v = (me % 2 == 0) ? sumOver(me, comm) : sumOver(me + 1, comm) * 2;")
                self.say(ph, "ternary %ld", "v", 2)
                ph.line("}")
            elif which == "shortcircuit":
                ph.line("{ int hits = 0;")
                ph.line("if (me >= 0 && maxOverDeep(me, comm) >= 0) ++hits;", 2)
                ph.line("if (me < 0 || sumOver(1, comm) == np) ++hits;", 2)
                self.say(ph, "shortcircuit %d", "hits", 2)
                ph.line("}")
            elif which == "loopcond":
                ph.line("{ int rounds = 0;")
                ph.line("for (int k = 0; k < 3 && sumOver(1, comm) == np; ++k) ++rounds;", 2)
                ph.line("while (rounds < 5 && maxOverDeep(rounds, comm) < 4) ++rounds;", 2)
                self.say(ph, "loopcond %d", "rounds", 2)
                ph.line("}")
            elif which == "initlist":
                ph.line("{ long v[3] = {sumOver(me, comm), (long)maxOverDeep(me * 2, comm), sumOver(1, comm) * 10};")
                self.say(ph, "initlist %ld %ld %ld", "v[0], v[1], v[2]", 2)
                ph.line("}")
            elif which == "method":
                ph.helpers.append(
                    f"// A method that becomes a task, called on a local object.\n"
                    f"struct Ring{k} {{\n"
                    f"  MPI_Comm comm;\n"
                    f"  int me, np, tag;\n"
                    f"  int shift(int v) const {{\n"
                    f"    int r = -1;\n"
                    f"    MPI_Sendrecv(&v, 1, MPI_INT, (me + 1) % np, tag, &r, 1, MPI_INT, (me + np - 1) % np, tag, comm, MPI_STATUS_IGNORE);\n"
                    f"    return r;\n"
                    f"  }}\n"
                    f"  int twice(int v) {{ return shift(shift(v) + 1); }}\n"
                    f"}};\n")
                ph.line(f"{{ Ring{k} ring{{comm, me, np, {tag} + 1}};")
                ph.line("int got = ring.twice(me * 3 + it);", 2)
                self.say(ph, "method %d", "got", 2)
                ph.line("}")
            elif which == "recursion":
                ph.helpers.append(
                    f"// A recursive function that waits at every level.\n"
                    f"static int relay{k}(int level, int v, int me, int np, int tag, MPI_Comm comm) {{\n"
                    f"  if (level == 0)\n"
                    f"    return v;\n"
                    f"  int r = -1;\n"
                    f"  MPI_Sendrecv(&v, 1, MPI_INT, (me + 1) % np, tag, &r, 1, MPI_INT, (me + np - 1) % np, tag, comm, MPI_STATUS_IGNORE);\n"
                    f"  return relay{k}(level - 1, r * 2 % 1009 + level, me, np, tag, comm);\n"
                    f"}}\n")
                ph.line(f"{{ int v = relay{k}({self.r.randint(1, 4)}, me + it, me, np, {tag} + 2, comm);")
                self.say(ph, "recursion %d", "v", 2)
                ph.line("}")
            elif which == "structret":
                ph.helpers.append(
                    f"struct Stats{k} {{\n  int lo, hi;\n  long sum;\n}};\n"
                    f"// A task that returns a struct.\n"
                    f"static Stats{k} stats{k}(int v, MPI_Comm comm) {{\n"
                    f"  Stats{k} s;\n"
                    f"  MPI_Allreduce(&v, &s.lo, 1, MPI_INT, MPI_MIN, comm);\n"
                    f"  MPI_Allreduce(&v, &s.hi, 1, MPI_INT, MPI_MAX, comm);\n"
                    f"  s.sum = sumOver(v, comm);\n"
                    f"  return s;\n"
                    f"}}\n")
                ph.line(f"{{ Stats{k} s = stats{k}(me * 5 % 7, comm);")
                self.say(ph, "structret %d %d %ld", "s.lo, s.hi, s.sum", 2)
                ph.line("}")
            elif which == "switch":
                ph.line("{ int v = me + 1, r = 0;")
                ph.line("switch ((it + np) % 3) {", 2)
                ph.line("case 0:", 2)
                ph.line("MPI_Allreduce(&v, &r, 1, MPI_INT, MPI_SUM, comm);", 3)
                ph.line("break;", 3)
                ph.line("case 1: {", 2)
                ph.line("MPI_Scan(&v, &r, 1, MPI_INT, MPI_SUM, comm);", 3)
                ph.line("r += (int)sumOver(r, comm);", 3)
                ph.line("break;", 3)
                ph.line("}", 2)
                ph.line("default:", 2)
                ph.line("r = maxOverDeep(v, comm);", 3)
                ph.line("}", 2)
                self.say(ph, "switch %d", "r", 2)
                ph.line("}")
            elif which == "dowhile":
                ph.line("{ int v = me, r = -1, k = 0;")
                ph.line("do {", 2)
                ph.line(f"MPI_Sendrecv(&v, 1, MPI_INT, (me + 1) % np, {tag} + 3, &r, 1, MPI_INT, (me + np - 1) % np, {tag} + 3, comm, MPI_STATUS_IGNORE);", 3)
                ph.line("v = r + 1;", 3)
                ph.line("} while (++k < 3);", 2)
                self.say(ph, "dowhile %d", "v", 2)
                ph.line("}")
            elif which == "staticinit":
                self.feature(ph, "static-local-waits")
                ph.line("{ static long first = sumOver(rank + 1, MPI_COMM_WORLD); // waits, once per rank")
                ph.line("static int calls = 0;", 2)
                ph.line("++calls;", 2)
                self.say(ph, "staticinit %ld calls %d", "first, calls", 2)
                ph.line("}")
            elif which == "namespace":
                ph.helpers.append(
                    f"namespace fuzz{k} {{\n"
                    f"// A task in a namespace.\n"
                    f"int spread(int v, MPI_Comm comm) {{\n"
                    f"  int lo = 0, hi = 0;\n"
                    f"  MPI_Allreduce(&v, &lo, 1, MPI_INT, MPI_MIN, comm);\n"
                    f"  MPI_Allreduce(&v, &hi, 1, MPI_INT, MPI_MAX, comm);\n"
                    f"  return hi - lo;\n"
                    f"}}\n"
                    f"}} // namespace fuzz{k}\n")
                ph.line(f"{{ int s = fuzz{k}::spread(me * me, comm);")
                self.say(ph, "namespace %d", "s", 2)
                ph.line("}")
            elif which == "overload":
                ph.helpers.append(
                    f"// Overloads that both become tasks.\n"
                    f"static long total{k}(long v, MPI_Comm comm) {{\n"
                    f"  long r = 0;\n"
                    f"  MPI_Allreduce(&v, &r, 1, MPI_LONG, MPI_SUM, comm);\n"
                    f"  return r;\n"
                    f"}}\n"
                    f"static double total{k}(double v, MPI_Comm comm) {{\n"
                    f"  double r = 0;\n"
                    f"  MPI_Allreduce(&v, &r, 1, MPI_DOUBLE, MPI_SUM, comm);\n"
                    f"  return r;\n"
                    f"}}\n")
                ph.line(f"{{ long a = total{k}(static_cast<long>(me), comm);")
                ph.line(f"double b = total{k}(me * 0.25, comm);", 2)
                self.say(ph, "overload %ld %.2f", "a, b", 2)
                ph.line("}")
            elif which == "earlyreturn":
                ph.helpers.append(
                    f"// Returns from inside a loop, after a wait.\n"
                    f"static int firstAbove{k}(int limit, MPI_Comm comm) {{\n"
                    f"  for (int k = 0; k < 10; ++k) {{\n"
                    f"    int s = 0;\n"
                    f"    MPI_Allreduce(&k, &s, 1, MPI_INT, MPI_SUM, comm);\n"
                    f"    if (s > limit)\n"
                    f"      return k;\n"
                    f"  }}\n"
                    f"  return -1;\n"
                    f"}}\n")
                ph.line(f"{{ int k = firstAbove{k}({self.r.randint(0, 12)}, comm);")
                self.say(ph, "earlyreturn %d", "k", 2)
                ph.line("}")
            elif which == "staticmember":
                ph.helpers.append(
                    f"// A static data member: one per rank.\n"
                    f"struct Tally{k} {{\n  static int hits;\n  static void hit(int n) {{ hits += n; }}\n}};\n"
                    f"int Tally{k}::hits = 3;\n")
                ph.line(f"Tally{k}::hit(me + 1);")
                ph.line(f"{{ long s = sumOver(Tally{k}::hits, comm);")
                self.say(ph, "staticmember %d %ld", f"Tally{k}::hits, s", 2)
                ph.line("}")
            elif which == "derivedglobal":
                ph.helpers.append(
                    f"// Globals initialized from other globals, before main.\n"
                    f"static long gBase{k} = {self.r.randint(2, 9)};\n"
                    f"static long gDerived{k} = gBase{k} * 3 + 1;\n")
                ph.line(f"gBase{k} += me;")
                ph.line(f"{{ long s = sumOver(gBase{k} + gDerived{k}, comm);")
                self.say(ph, "derivedglobal %ld %ld", f"gDerived{k}, s", 2)
                ph.line("}")
            elif which == "refparam":
                ph.helpers.append(
                    f"// Reference parameters written after a wait.\n"
                    f"static void accumulate{k}(long &acc, std::vector<int> &seen, int v, MPI_Comm comm) {{\n"
                    f"  long s = 0;\n"
                    f"  long lv = v;\n"
                    f"  MPI_Allreduce(&lv, &s, 1, MPI_LONG, MPI_SUM, comm);\n"
                    f"  acc += s;\n"
                    f"  seen.push_back((int)s);\n"
                    f"}}\n")
                ph.line("{ long acc = 0;")
                ph.line("std::vector<int> seen;", 2)
                ph.line(f"for (int k = 0; k < 3; ++k) accumulate{k}(acc, seen, me + k, comm);", 2)
                self.say(ph, "refparam %ld", "acc", 2)
                self.show(ph, "refparam seen", "seen.data()", "(int)seen.size()", 2)
                ph.line("}")
        self.close_comm(ph, closing)

    def phase_state(self, ph, tag):
        """Globals, static locals, a lambda and a template without MPI, then a collective."""
        self.feature(ph, "static-local")
        self.feature(ph, "lambda")
        self.need("mixT")
        ph.line("static int visits = 0;")
        ph.line("static long acc = 5;")
        ph.line("++visits;")
        ph.line("auto twist = [](long a, int b) { return (a * 131 + b) % 1000003; };")
        ph.line("acc = twist(acc, rank + it);")
        ph.line("gEvents += visits;")
        ph.line("gTrace = mixT<long>(gTrace, acc);")
        self.say(ph, "visits %d acc %ld", "visits, acc")
        if self.chance(0.6):
            closing = self.open_comm(ph)
            self.collective(ph, self.pick(["Allreduce", "sumOver", "allSumT", "Scan", "Allgather"]))
            self.close_comm(ph, closing)

    PHASES = [("ring", 3), ("pairs", 2), ("sendrecv", 2), ("nonblocking", 4), ("wildcard", 3),
              ("probe", 2), ("collectives", 4), ("datatypes", 2), ("olap", 5), ("state", 1), ("extras", 4),
              ("shapes", 3)]

    # ---------------------------------------------------------------- the program
    def generate(self):
        r = self.r
        nphases = r.randint(3, 6)
        kinds = [k for k, _ in self.PHASES]
        weights = [w for _, w in self.PHASES]
        phases = []
        calls = []
        for k in range(nphases):
            kind = r.choices(kinds, weights)[0]
            ph = Phase(k)
            phases.append(ph)
            tag = 1000 + 100 * k
            ph.line(f"const int tag = {tag} + 10 * it; // tags of this phase and iteration")
            ph.line("(void)tag;")
            getattr(self, "phase_" + kind)(ph, TagExpr("tag"))
            iters = r.choice([1, 1, 1, 2, 3])
            wrappers = r.choice([0, 0, 1, 2])
            ph.iters = iters
            ph.wrappers = wrappers
            ph.kind = kind
            ph.returns = r.random() < 0.3
        out = []
        out.append(f"// Generated by test/fuzz/generate.py --seed {self.seed}; do not edit.")
        out.append("// A random MPI program that prints the same lines for any number of ranks it is")
        out.append("// run with (1 to 8), whatever the timing. Phases: " +
                   ", ".join(f"{p.kind}" for p in phases) + ".")
        out.append("#include <mpi.h>")
        out.append("#include <algorithm>")
        out.append("#include <cstddef>")
        out.append("#include <cstdio>")
        out.append("#include <cstring>")
        out.append("#include <numeric>")
        out.append("#include <vector>")
        out.append("")
        out.append("static int gEvents = 0;   // mutable globals: one per rank")
        out.append(f"static long gTrace = {r.randint(1, 99)};")
        out.append("")
        out.append("// One write per line, so that the lines of concurrent ranks never mix.")
        out.append("static void emit(const char *line) {")
        out.append("  std::fwrite(line, 1, std::strlen(line), stdout);")
        out.append("  std::fflush(stdout);")
        out.append("}")
        out.append("")
        out.append("static void show(int rank, const char *label, const int *v, int n) {")
        out.append("  char line[2048];")
        out.append("  int len = std::snprintf(line, sizeof line, \"rank %d: %s\", rank, label);")
        out.append("  for (int i = 0; i < n && len < 1900; ++i)")
        out.append("    len += std::snprintf(line + len, sizeof line - len, \" %d\", v[i]);")
        out.append("  std::snprintf(line + len, sizeof line - len, \"\\n\");")
        out.append("  emit(line);")
        out.append("  gTrace = (gTrace * 31 + n) % 1000003;")
        out.append("}")
        out.append("")
        body_parts = []
        for ph in phases:
            text = []
            for h in ph.helpers:
                text.append(h)
            ret = "long" if ph.returns else "void"
            text.append(f"// {ph.kind}: {', '.join(ph.features)}")
            text.append(f"static {ret} {ph.name}(int rank, int size, int it) {{")
            text.append("  (void)size;")
            text.extend(ph.body)
            text.append("  ++gEvents;")
            if ph.returns:
                text.append("  return gTrace % 97 + it;")
            text.append("}")
            callee = ph.name
            for w in range(ph.wrappers):
                self.feature(ph, "wrapper")
                wname = f"{ph.name}_via{w + 1}"
                text.append(f"static {ret} {wname}(int rank, int size, int it) {{")
                if ph.returns:
                    text.append(f"  long v = {callee}(rank, size, it);")
                    text.append("  return v + 1;")
                else:
                    text.append(f"  {callee}(rank, size, it);")
                text.append("}")
                callee = wname
            body_parts.append("\n".join(text) + "\n")
            call = f"{callee}(rank, size, it)"
            if ph.returns:
                call = f"phaseSum += {call}"
            if ph.iters > 1:
                calls.append(f"  for (int it = 0; it < {ph.iters}; ++it)\n    {call};")
            else:
                calls.append(f"  {{ int it = 0; {call}; }}")
        for name, text in self.shared.items():
            out.append(text)
        out.extend(body_parts)
        out.append("int main(int argc, char **argv) {")
        out.append("  MPI_Init(&argc, &argv);")
        out.append("  int rank, size;")
        out.append("  MPI_Comm_rank(MPI_COMM_WORLD, &rank);")
        out.append("  MPI_Comm_size(MPI_COMM_WORLD, &size);")
        if self.uses_bsend:
            out.append("  std::vector<char> bsendBuffer(1 << 16);")
            out.append("  MPI_Buffer_attach(bsendBuffer.data(), (int)bsendBuffer.size());")
        out.append("  long phaseSum = 0;")
        out.extend(calls)
        if self.uses_bsend:
            out.append("  { void *buffer; int bytes; MPI_Buffer_detach(&buffer, &bytes); }")
        out.append('  char last[256];')
        out.append('  std::snprintf(last, sizeof last, "rank %d: end events %d trace %ld sum %ld\\n", rank, gEvents, gTrace, phaseSum);')
        out.append('  emit(last);')
        out.append("  MPI_Finalize();")
        out.append("  return 0;")
        out.append("}")
        return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out", help="write here (default: standard output)")
    options = parser.parse_args()
    text = Generator(options.seed).generate()
    if options.out:
        with open(options.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
