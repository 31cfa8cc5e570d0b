#!/usr/bin/env python3
"""Writes a random MPI program in C, of several files, for Bamboo's differential fuzzer.

  generate_c.py --seed N --out DIR

DIR gets `prog.h`, `main.c` and `part1.c` ... `partK.c` (K = 1 to 3); sometimes the last part is
C++ (`partK.cpp`), and the header, shared by both languages, declares C linkage for C++. The
rules are those of
generate.py (the C++ generator): every program is valid MPI for 1 to 8 ranks and prints only
lines `rank R: ...` that are the same for each rank whatever the timing; phases have tags of
their own; olap regions are deadlock-free as plain MPI too.

What it is made of is what C programs are made of and C++ cannot carry over (docs/c.md):
functions called through a table of pointers, in other files, that wait; variable-length
arrays and pointers to VLA types in functions that wait; GNU statement expressions that wait;
K&R definitions; a struct that owns a communicator; recursion through MPI; globals defined in
one file and used in others through `extern`; a `static` of the same name in every file;
static locals (`static int first = 1;`, `static double eps, half;`); rand() seeded per rank;
names that are C++ keywords; a kernel inside `main`; deep recursion.
"""
import argparse
import os
import random

# Every phase kind: name -> method of Generator.
KINDS = ["ring", "pairs", "sendrecv", "wildcard", "collectives", "vla", "table", "commstruct",
         "stmtexpr", "recursion", "deeprec", "olap", "state", "kernel", "knr"]
# The kinds that are C++ as well as C (GNU C++ has VLAs and statement expressions).
CXX_KINDS = {"ring", "pairs", "sendrecv", "wildcard", "collectives", "table", "commstruct",
             "stmtexpr", "recursion", "deeprec", "olap", "kernel"}


class Phase:
    def __init__(self, index, kind, part):
        self.index, self.kind, self.part = index, kind, part
        self.name = f"phase{index}"
        self.helpers = []  # file-level definitions before the phase
        self.body = []
        self.features = []

    def line(self, text, indent=1):
        self.body.append("  " * indent + text)

    def say(self, fmt, args, indent=1):
        """Prints `rank R: pN <fmt>` (fmt and args in printf's syntax)."""
        extra = f", {args}" if args else ""
        self.line(f'{{ char text[256]; snprintf(text, sizeof text, "rank %d: p{self.index} '
                  f'{fmt}\\n", rank{extra}); emit(text); }}', indent)


class Generator:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)
        self.tag = 100

    def tags(self, n=1):
        first = self.tag
        self.tag += n
        return first

    # -- phases ---------------------------------------------------------------------------------

    def ring(self, ph):
        """Irecv and Isend around a ring with a shift, completed with Waitall or Wait twice."""
        t, d = self.tags(), self.r.randint(1, 3)
        ph.line(f"int d = {d} % size, in = -1, out = rank * 10 + it;")
        ph.line("MPI_Request reqs[2];")
        ph.line(f"MPI_Irecv(&in, 1, MPI_INT, (rank - d + size) % size, {t}, MPI_COMM_WORLD, &reqs[0]);")
        ph.line(f"MPI_Isend(&out, 1, MPI_INT, (rank + d) % size, {t}, MPI_COMM_WORLD, &reqs[1]);")
        if self.r.random() < 0.5:
            ph.line("MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);")
        else:
            ph.features.append("wait-twice")
            ph.line("MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);")
            ph.line("MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);")
        ph.say("ring got %d", "in")

    def pairs(self, ph):
        """Blocking exchange with rank ^ mask, the lower rank sending first."""
        t, mask = self.tags(), self.r.choice([1, 2, 3])
        send = self.r.choice(["MPI_Send", "MPI_Ssend"])
        ph.line(f"int peer = rank ^ {mask}, got = -1, mine = rank * 7 + it;")
        ph.line("if (peer < size) {")
        ph.line("if (rank < peer) {", 2)
        ph.line(f"{send}(&mine, 1, MPI_INT, peer, {t}, MPI_COMM_WORLD);", 3)
        ph.line(f"MPI_Recv(&got, 1, MPI_INT, peer, {t}, MPI_COMM_WORLD, MPI_STATUS_IGNORE);", 3)
        ph.line("} else {", 2)
        ph.line(f"MPI_Recv(&got, 1, MPI_INT, peer, {t}, MPI_COMM_WORLD, MPI_STATUS_IGNORE);", 3)
        ph.line(f"{send}(&mine, 1, MPI_INT, peer, {t}, MPI_COMM_WORLD);", 3)
        ph.line("}", 2)
        ph.line("}")
        ph.say("pair got %d", "got")

    def sendrecv(self, ph):
        """MPI_Sendrecv with a shift into a VLA, MPI_Get_count of what came."""
        t, n = self.tags(), self.r.randint(1, 5)
        ph.features.append("vla")
        ph.line(f"int n = {n} + rank % 2, m = {n} + (rank + size - 1) % size % 2;")
        ph.line("int out[n], in[m + 1];")
        ph.line("for (int i = 0; i < n; ++i) out[i] = rank * 100 + i + it;")
        ph.line("MPI_Status st; int count = -1;")
        ph.line(f"MPI_Sendrecv(out, n, MPI_INT, (rank + 1) % size, {t}, in, m + 1, MPI_INT, "
                f"(rank + size - 1) % size, {t}, MPI_COMM_WORLD, &st);")
        ph.line("MPI_Get_count(&st, MPI_INT, &count);")
        ph.line("show(rank, \"sendrecv\", in, count);")

    def wildcard(self, ph):
        """A root collects from every rank with MPI_ANY_SOURCE; sources sorted with qsort."""
        t, root = self.tags(), self.r.randint(0, 7)
        ph.features.append("qsort")
        ph.line(f"int root = {root} % size;")
        ph.line("if (rank == root) {")
        ph.line("int sources[size], nsrc = 0; long sum = 0;", 2)
        ph.line("for (int k = 0; k < size - 1; ++k) {", 2)
        ph.line("int v; MPI_Status st;", 3)
        ph.line(f"MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, {t}, MPI_COMM_WORLD, &st);", 3)
        ph.line("sum += v; sources[nsrc++] = st.MPI_SOURCE;", 3)
        ph.line("}", 2)
        ph.line("qsort(sources, nsrc, sizeof sources[0], compare_ints);", 2)
        ph.line("show(rank, \"sources\", sources, nsrc);", 2)
        ph.say("sum %ld", "sum", 2)
        ph.line("} else {")
        ph.line("int v = rank * rank + it;", 2)
        ph.line(f"MPI_Send(&v, 1, MPI_INT, root, {t}, MPI_COMM_WORLD);", 2)
        ph.line("}")
        ph.line("MPI_Barrier(MPI_COMM_WORLD);")

    def collectives(self, ph):
        """Two to four collectives on VLAs."""
        ops = self.r.sample(["bcast", "allreduce", "gather", "allgather", "alltoall", "scan",
                             "reduce"], self.r.randint(2, 4))
        ph.features.extend(ops)
        ph.line("int all[2 * size], mine = rank + 3 * it, r = 0;")
        for op in ops:
            if op == "bcast":
                ph.line("r = rank == 0 ? 41 + it : -1;")
                ph.line("MPI_Bcast(&r, 1, MPI_INT, 0, MPI_COMM_WORLD);")
                ph.say("bcast %d", "r")
            elif op == "allreduce":
                o = self.r.choice(["MPI_SUM", "MPI_MAX", "MPI_MIN"])
                ph.line(f"MPI_Allreduce(&mine, &r, 1, MPI_INT, {o}, MPI_COMM_WORLD);")
                ph.say("allreduce %d", "r")
            elif op == "gather":
                ph.line("MPI_Gather(&mine, 1, MPI_INT, all, 1, MPI_INT, size - 1, MPI_COMM_WORLD);")
                ph.line("if (rank == size - 1) show(rank, \"gather\", all, size);")
            elif op == "allgather":
                ph.line("MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);")
                ph.line("show(rank, \"allgather\", all, size);")
            elif op == "alltoall":
                ph.line("int s[size];")
                ph.line("for (int i = 0; i < size; ++i) s[i] = rank * 10 + i;")
                ph.line("MPI_Alltoall(s, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);")
                ph.line("show(rank, \"alltoall\", all, size);")
            elif op == "scan":
                ph.line("MPI_Scan(&mine, &r, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);")
                ph.say("scan %d", "r")
            else:
                ph.line("r = -1;")
                ph.line("MPI_Reduce(&mine, &r, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);")
                ph.line("if (rank == 0) show(rank, \"reduce\", &r, 1);")

    def vla(self, ph):
        """A pointer to a VLA type (rows of size ints), filled by MPI_Alltoall row by row."""
        ph.features.append("pointer-to-vla")
        ph.line("int (*m)[size] = malloc(sizeof(int[size][size]));")
        ph.line("int (*back)[size] = malloc(sizeof *back * size);")
        ph.line("for (int i = 0; i < size; ++i)")
        ph.line("for (int j = 0; j < size; ++j) m[i][j] = rank * 100 + i * 10 + j + it;", 2)
        ph.line("MPI_Alltoall(m, size, MPI_INT, back, size, MPI_INT, MPI_COMM_WORLD);")
        ph.line("int column[size];")
        ph.line("for (int i = 0; i < size; ++i) column[i] = back[i][rank % size];")
        ph.line("show(rank, \"vla column\", column, size);")
        ph.say("vla row bytes %d", "(int)sizeof *m")
        ph.line("free(m); free(back);")

    def table(self, ph):
        """Functions that wait, called through a table of pointers."""
        k = ph.index
        ph.features.append("function-pointers")
        ph.helpers.append(
            f"static int sum{k}(int v, MPI_Comm c) {{ int r; MPI_Allreduce(&v, &r, 1, MPI_INT, MPI_SUM, c); return r; }}\n"
            f"static int max{k}(int v, MPI_Comm c) {{ int r; MPI_Allreduce(&v, &r, 1, MPI_INT, MPI_MAX, c); return r; }}\n"
            f"static int bcast{k}(int v, MPI_Comm c) {{ MPI_Bcast(&v, 1, MPI_INT, 0, c); return v; }}\n"
            f"static int (*const ops{k}[])(int, MPI_Comm) = {{sum{k}, max{k}, bcast{k}}};\n")
        first = self.r.randint(0, 2)
        ph.line("for (int i = 0; i < 3; ++i) {")
        ph.line(f"int (*op)(int, MPI_Comm) = ops{k}[(i + it + {first}) % 3];", 2)
        ph.line("int v = op(rank + i, MPI_COMM_WORLD);", 2)
        ph.say("table %d %d", "i, v", 2)
        ph.line("}")

    def commstruct(self, ph):
        """A struct that owns communicators, made and freed by functions that call MPI."""
        k = ph.index
        ph.features.append("struct-owns-comm")
        ph.helpers.append(
            f"struct team{k} {{ MPI_Comm comm, dup; int rank, size; }};\n"
            f"static void team{k}_init(struct team{k} *t, int color, int key) {{\n"
            f"  MPI_Comm_split(MPI_COMM_WORLD, color, key, &t->comm);\n"
            f"  MPI_Comm_dup(t->comm, &t->dup);\n"
            f"  MPI_Comm_rank(t->dup, &t->rank);\n"
            f"  MPI_Comm_size(t->dup, &t->size);\n"
            f"}}\n"
            f"static void team{k}_free(struct team{k} *t) {{\n"
            f"  MPI_Comm_free(&t->dup);\n"
            f"  MPI_Comm_free(&t->comm);\n"
            f"}}\n")
        colors = self.r.choice([2, 3])
        ph.line(f"struct team{k} t;")
        ph.line(f"team{k}_init(&t, rank % {colors}, size - rank);")
        ph.line("int v = rank, s = 0;")
        ph.line("MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_SUM, t.dup);")
        ph.say("team rank %d of %d sum %d", "t.rank, t.size, s")
        ph.line(f"team{k}_free(&t);")

    def stmtexpr(self, ph):
        """GNU statement expressions whose statements wait."""
        ph.features.append("statement-expression")
        ph.line("int total = ({ int v = rank + it, s; MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_SUM, "
                "MPI_COMM_WORLD); s; });")
        ph.line("int top = ({ int v = rank * 3, s; MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_MAX, "
                "MPI_COMM_WORLD); s; }) + total;")
        ph.say("stmtexpr %d %d", "total, top")

    def recursion(self, ph):
        """A recursive function with a collective at every level."""
        k, depth = ph.index, self.r.randint(2, 6)
        ph.features.append("recursion")
        ph.helpers.append(
            f"static long descend{k}(int level, int v) {{\n"
            f"  int s;\n"
            f"  MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);\n"
            f"  return level == 0 ? s : s + descend{k}(level - 1, v + level);\n"
            f"}}\n")
        ph.line(f"long r = descend{k}({depth}, rank + it);")
        ph.say("recursion %ld", "r")

    def deeprec(self, ph):
        """Recursion thousands of calls deep, with a frame of its own at every level, that waits
        at the bottom: the rank's stack holds it all."""
        k, depth = ph.index, self.r.randint(500, 4000)
        ph.features.append(f"depth {depth}")
        ph.helpers.append(
            f"static long dive{k}(int level, int v) {{\n"
            f"  volatile char pad[160];\n"
            f"  pad[level % 160] = (char)v;\n"
            f"  if (level == 0) {{\n"
            f"    int s;\n"
            f"    MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);\n"
            f"    return s;\n"
            f"  }}\n"
            f"  return dive{k}(level - 1, v + 1) + pad[level % 160] % 2;\n"
            f"}}\n")
        ph.line(f"long r = dive{k}({depth}, rank + it);")
        ph.say("deep %ld", "r")

    def olap(self, ph):
        """An olap region: a halo with receive and send blocks, MPI_PROC_NULL at the ends."""
        t = self.tags(2)
        steps = self.r.randint(1, 3)
        ph.features.append("olap")
        ph.line("int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;")
        ph.line("int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;")
        ph.line("int cell = rank * 5 + it, fromLeft = -1, fromRight = -1;")
        ph.line(f"for (int step = 0; step < {steps}; ++step) {{")
        ph.line("MPI_Request reqs[4];", 2)
        ph.line("#pragma bamboo olap", 0)
        ph.line("{", 2)
        ph.line("#pragma bamboo receive", 0)
        ph.line("{", 3)
        ph.line(f"MPI_Irecv(&fromLeft, 1, MPI_INT, left, {t}, MPI_COMM_WORLD, &reqs[0]);", 4)
        ph.line(f"MPI_Irecv(&fromRight, 1, MPI_INT, right, {t + 1}, MPI_COMM_WORLD, &reqs[1]);", 4)
        ph.line("}", 3)
        ph.line("#pragma bamboo send", 0)
        ph.line("{", 3)
        ph.line(f"MPI_Isend(&cell, 1, MPI_INT, right, {t}, MPI_COMM_WORLD, &reqs[2]);", 4)
        ph.line(f"MPI_Isend(&cell, 1, MPI_INT, left, {t + 1}, MPI_COMM_WORLD, &reqs[3]);", 4)
        ph.line("}", 3)
        ph.line("MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);", 3)
        ph.line("}", 2)
        ph.line("cell += (fromLeft > 0 ? fromLeft : 0) % 7 + (fromRight > 0 ? fromRight : 0) % 5;", 2)
        ph.line("}")
        ph.say("olap cell %d", "cell")

    def state(self, ph):
        """Per-rank state: static locals, the file's static counter, globals of other files,
        rand() seeded per rank, names that are C++ keywords."""
        ph.features.append("statics")
        seed = self.r.randint(1, 1000)
        ph.line("static int first = 1;")
        ph.line("static double eps, half;")
        ph.line("static int seen[4];")
        ph.line("if (first) { first = 0; eps = 1e-3 * (rank + 1); half = 0.5; srand(rank + "
                f"{seed}); }}")
        ph.line("seen[it % 4] += 1;")
        ph.line("++file_calls; g_trace = (g_trace * 7 + rank + it) % 1000003;")
        ph.line("int new = rand() % 1000, class = (int)(eps * 1000 + half * 2), bool = seen[0];")
        ph.say("state %d %d %d calls %d", "new, class, bool, file_calls")

    def kernel(self, ph):
        """A stencil on a global array defined in another file, then a checksum reduced."""
        ph.features.append("global-array")
        sweeps = self.r.randint(2, 6)
        ph.line("for (int i = 0; i < GRID; ++i) g_grid[i] = (rank * 31 + i * 7 + it) % 101;")
        ph.line(f"for (int s = 0; s < {sweeps}; ++s) {{")
        ph.line("long next[GRID];", 2)
        ph.line("for (int i = 0; i < GRID; ++i)", 2)
        ph.line("next[i] = (g_grid[(i + GRID - 1) % GRID] + 2 * g_grid[i] + g_grid[(i + 1) % GRID]) % 100003;", 3)
        ph.line("memcpy(g_grid, next, sizeof next);", 2)
        ph.line("}")
        ph.line("long local = 0, total = 0;")
        ph.line("for (int i = 0; i < GRID; ++i) local += g_grid[i];")
        ph.line("MPI_Allreduce(&local, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);")
        ph.say("kernel %ld %ld", "local, total")

    def knr(self, ph):
        """K&R definitions, one of which waits, called before they are defined."""
        k = ph.index
        ph.features.append("k&r")
        ph.helpers.append(
            f"static int knr_sum{k}();\n"
            f"static int knr_twice{k}();\n")
        ph.line(f"int s = knr_sum{k}(rank + it, MPI_COMM_WORLD);")
        ph.say("knr %d", f"knr_twice{k}(s)")
        ph.trailer = (
            f"static int knr_sum{k}(v, comm)\n"
            f"int v;\n"
            f"MPI_Comm comm;\n"
            f"{{\n"
            f"  int s;\n"
            f"  MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_SUM, comm);\n"
            f"  return s;\n"
            f"}}\n"
            f"static int knr_twice{k}(v) int v; {{ return 2 * v; }}\n")

    # -- program ----------------------------------------------------------------------------------

    def generate(self):
        r = self.r
        parts = r.randint(1, 3)
        cxx_part = parts if parts > 1 and r.random() < 0.35 else 0  # the last part, in C++
        count = r.randint(3, 7)
        phases = []
        for i in range(count):
            kind = r.choice(KINDS)
            part = r.randint(1, parts)
            if part == cxx_part and kind not in CXX_KINDS:
                part = 1
            ph = Phase(i + 1, kind, part)
            ph.trailer = ""
            getattr(self, ph.kind)(ph)
            ph.iters = r.choice([1, 1, 2])
            ph.via_table = r.random() < 0.4
            phases.append(ph)

        files = {}
        header = [
            f"/* Generated by test/fuzz/generate_c.py --seed {self.seed}; do not edit. */",
            "#ifndef PROG_H",
            "#define PROG_H",
            "#include <mpi.h>",
            "#include <stdio.h>",
            "#include <stdlib.h>",
            "#include <string.h>",
            "",
            "#define GRID 48",
            "#ifdef __cplusplus",
            'extern "C" {',
            "#endif",
            "extern int g_events;      /* defined in main.c, used by every file */",
            "extern long g_trace;",
            "extern long g_grid[GRID]; /* defined in part1.c */",
            "void emit(const char *line);",
            "void show(int rank, const char *label, const int *v, int n);",
            "int compare_ints(const void *a, const void *b);",
        ]
        header += [f"long {ph.name}(int rank, int size, int it);" for ph in phases]
        header += [f"int part{p}_calls(void);" for p in range(1, parts + 1)]
        header += ["#ifdef __cplusplus", "}", "#endif", "#endif", ""]
        files["prog.h"] = "\n".join(header)

        for p in range(1, parts + 1):
            text = [f"/* Generated by test/fuzz/generate_c.py --seed {self.seed}. */",
                    '#include "prog.h"', "",
                    f"static int file_calls = {p * 10}; /* one per file, one per rank */"]
            if p == 1:
                text.append("long g_grid[GRID];")
            text.append("")
            for ph in [ph for ph in phases if ph.part == p]:
                text.extend(ph.helpers)
                text.append(f"/* {ph.kind}: {', '.join(ph.features) or 'basic'} */")
                text.append(f"long {ph.name}(int rank, int size, int it) {{")
                text.extend(ph.body)
                text.append("  ++g_events;")
                text.append("  return g_trace % 97 + it;")
                text.append("}")
                text.append(ph.trailer)
            text.append("int part%d_calls(void) { return file_calls; }" % p)
            files[f"part{p}.{'cpp' if p == cxx_part else 'c'}"] = "\n".join(text) + "\n"

        main = [f"/* Generated by test/fuzz/generate_c.py --seed {self.seed}: a random MPI program",
                " * of several C files that prints the same lines for 1 to 8 ranks, whatever",
                " * the timing. Phases: " + ", ".join(ph.kind for ph in phases) + ". */",
                '#include "prog.h"', "",
                "int g_events;",
                f"long g_trace = {r.randint(1, 99)};",
                "",
                "/* One write per line, so that the lines of concurrent ranks never mix. */",
                "void emit(const char *line) {",
                "  fwrite(line, 1, strlen(line), stdout);",
                "  fflush(stdout);",
                "}",
                "",
                "void show(int rank, const char *label, const int *v, int n) {",
                "  char line[2048];",
                "  int len = snprintf(line, sizeof line, \"rank %d: %s\", rank, label);",
                "  for (int i = 0; i < n && len < 1900; ++i)",
                "    len += snprintf(line + len, sizeof line - len, \" %d\", v[i]);",
                "  snprintf(line + len, sizeof line - len, \"\\n\");",
                "  emit(line);",
                "}",
                "",
                "int compare_ints(const void *a, const void *b) {",
                "  return *(const int *)a - *(const int *)b;",
                "}",
                ""]
        table = [ph for ph in phases if ph.via_table]
        if table:
            main.append("/* Phases called through pointers to functions of other files. */")
            main.append("static long (*const phases[])(int, int, int) = {" +
                        ", ".join(ph.name for ph in table) + "};")
        main += ["", "int main(int argc, char **argv) {",
                 "  MPI_Init(&argc, &argv);",
                 "  int rank, size;",
                 "  MPI_Comm_rank(MPI_COMM_WORLD, &rank);",
                 "  MPI_Comm_size(MPI_COMM_WORLD, &size);",
                 "  long phaseSum = 0;"]
        for ph in phases:
            call = (f"phases[{table.index(ph)}](rank, size, it)" if ph.via_table
                    else f"{ph.name}(rank, size, it)")
            if ph.iters > 1:
                main.append(f"  for (int it = 0; it < {ph.iters}; ++it)")
                main.append(f"    phaseSum += {call};")
            else:
                main.append(f"  {{ int it = 0; phaseSum += {call}; }}")
        # A kernel written in main, as most C codes do, between two collectives.
        main += ["  double field[64], acc = 0;",
                 "  for (int i = 0; i < 64; ++i) field[i] = (rank + 1) * 0.5 + i;",
                 f"  for (int s = 0; s < {r.randint(1, 20)}; ++s)",
                 "    for (int i = 1; i < 63; ++i) field[i] = (field[i - 1] + field[i + 1]) * 0.5;",
                 "  for (int i = 0; i < 64; ++i) acc += field[i];",
                 "  long checksum = (long)(acc * 1000), all = 0;",
                 "  MPI_Allreduce(&checksum, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);",
                 "  char last[256];",
                 "  snprintf(last, sizeof last, \"rank %d: end events %d trace %ld sum %ld kernel %ld"
                 " calls" + " %d" * parts + "\\n\", rank, g_events, g_trace, phaseSum, all" +
                 "".join(f", part{p}_calls()" for p in range(1, parts + 1)) + ");",
                 "  emit(last);",
                 "  MPI_Finalize();",
                 "  return 0;",
                 "}", ""]
        files["main.c"] = "\n".join(main)
        return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out", required=True, help="directory to write the files into")
    options = parser.parse_args()
    os.makedirs(options.out, exist_ok=True)
    for name, text in Generator(options.seed).generate().items():
        with open(os.path.join(options.out, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
