# seam: build, test and install (GNU make 4).
#
#   make                build/libseam.a, build/libseam.so (+ .so.MAJOR, .so.VERSION), build/seam.pc,
#                       build/seam (the CLI, linked statically against the library)
#   make test           scripts/deps.sh (installs what is missing, valgrind too), -Werror build,
#                       unit + CLI tests, then the ASan+UBSan build (build/asan/) and both suites
#                       again, then the thread harness under ThreadSanitizer (check-tsan), then
#                       the CLI tests under valgrind memcheck; the last line is the sum of every
#                       suite: "N passed, N failed"
#   make check          unit, CLI, seam-ask and seam-bench tests and the oracle's fixed-seed run
#                       (make oracle) of the normal build only (no deps step, no sanitizers)
#   make check-asan     unit + CLI tests of the sanitizer build only
#   make check-valgrind the CLI tests of the normal build under valgrind memcheck only
#   make check-deps     scripts/deps-graph.py's tests, then the include graph of src/ (and the one
#                       with calls) checked against scripts/deps-baseline.txt: a new circle fails;
#                       scripts/check-errors.py: no bare -1 in src/lib beyond errors-allow.txt
#   make check-tsan     the thread harness (tests/tsan/harness.c: 6 threads x 50 rounds applying
#                       replies in memory and on disk) built with -fsanitize=thread in build/tsan/;
#                       fails on any failed check and on any race ThreadSanitizer reports
#   make demo           run seam on examples/demo (make demo-valgrind: the same under valgrind)
#   make bench          bench/bench.sh, bench/batch.py, bench/curves.py (BENCH_FULL=1: its 1M-line
#                       and 10,000-edit points), bench/hostile.sh   make corpus    bench/corpus.sh
#   make install        PREFIX=/usr/local DESTDIR= (also BINDIR LIBDIR INCLUDEDIR PKGCONFIGDIR)
#   make clean
#
# V=1 shows the full compiler commands. WERROR= turns -Werror off (CI keeps it on).
#
# The syntax check's tree-sitter grammars (scripts/grammars.lock) are fetched by
# scripts/grammars.sh into build/grammars/ on first build (npm pack, checksums verified, cached
# outside the tree) and compiled into the library; a grammar that cannot be fetched fails the
# build. GRAMMARS="python c" builds only those (the unit tests then report the missing ones).
#
# Feature macros: the build is strict ISO C17 (-std=c17) and defines no _GNU_SOURCE,
# _DEFAULT_SOURCE or _POSIX_C_SOURCE globally. A file that needs POSIX or GNU interfaces says so
# itself (#define _POSIX_C_SOURCE 200809L, _XOPEN_SOURCE 700 or _GNU_SOURCE before its first
# #include), so what each file depends on is written in it and a missing declaration is an error.

MAKEFLAGS += --no-builtin-rules
.DEFAULT_GOAL := all
.SUFFIXES:
.DELETE_ON_ERROR:

VERSION := $(shell sed -n 's/^[#]define SEAM_VERSION "\(.*\)"/\1/p' include/seam.h)
SOMAJOR := $(firstword $(subst ., ,$(VERSION)))

B := build
ASAN_B := $(B)/asan
TSAN_B := $(B)/tsan

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
DESTDIR ?=

CC ?= cc
AR ?= ar
PKG_CONFIG ?= pkg-config
INSTALL ?= install

# Evaluated once per make run: `make test` and `make demo` run scripts/deps.sh first and then a
# sub-make, so a jansson installed by deps.sh is seen.
JANSSON_CFLAGS := $(shell $(PKG_CONFIG) --cflags jansson 2>/dev/null)
JANSSON_LIBS := $(shell $(PKG_CONFIG) --libs jansson 2>/dev/null || echo -ljansson)
TS_CFLAGS := $(shell $(PKG_CONFIG) --cflags tree-sitter 2>/dev/null)
TS_LIBS := $(shell $(PKG_CONFIG) --libs tree-sitter 2>/dev/null || echo -ltree-sitter)
# utf8proc: file names are compared after Unicode normalization (tree_name.c)
U8_CFLAGS := $(shell $(PKG_CONFIG) --cflags libutf8proc 2>/dev/null)
U8_LIBS := $(shell $(PKG_CONFIG) --libs libutf8proc 2>/dev/null || echo -lutf8proc)

OBJCOPY ?= objcopy
WERROR ?= -Werror
CFLAGS ?= -O2 -g
WARNINGS := -Wall -Wextra
BASE_CFLAGS := -std=c17 $(WARNINGS) -Iinclude -Isrc $(JANSSON_CFLAGS) $(TS_CFLAGS) $(U8_CFLAGS) -MMD -MP
# -pthread: the tree's name cache is filled under a mutex (plans in several threads may share a tree)
LIBS := $(JANSSON_LIBS) $(TS_LIBS) $(U8_LIBS) -pthread
# build/seam takes jansson, tree-sitter and utf8proc from their static archives when the
# compiler finds them (STATIC_DEPS=no: the shared ones, as the library does): loading and
# relocating three shared objects cost each run of the CLI about 0.3 ms of its ~5 ms on a
# 5,000-line file (bench/bench.sh, "check on/off"). The library itself stays linked to them.
STATIC_DEPS ?= yes
STATIC_A := $(if $(filter yes,$(STATIC_DEPS)),$(foreach l,jansson tree-sitter utf8proc,\
	$(filter /%,$(shell $(CC) -print-file-name=lib$(l).a 2>/dev/null))))
CLI_LIBS := $(STATIC_A) $(filter-out $(foreach a,$(STATIC_A),-l$(patsubst lib%.a,%,$(notdir $(a)))),$(LIBS))

# The sanitizer build. No -Werror there: gcc's instrumentation at -O1 brings its own false
# positives (-Wmaybe-uninitialized, -Wstringop-*); the normal build already enforces warnings.
ASAN_CFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -O1 -g
ASAN_ENV := ASAN_OPTIONS=detect_leaks=1:exitcode=86:abort_on_error=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=87

# The thread-sanitizer build (make check-tsan). halt_on_error: the first race ends the run with
# exit code 66, before the harness's summary line. The suppressions cover the uninstrumented
# tree-sitter runtime only (tests/tsan/suppressions.txt says why), never seam's code.
TSAN_CC ?= $(CC)
TSAN_CFLAGS := -fsanitize=thread -fno-omit-frame-pointer -O1 -g
TSAN_ENV := TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 \
	suppressions=$(CURDIR)/tests/tsan/suppressions.txt"

LIB_SRC := $(sort $(wildcard src/util/*.c src/lib/*.c src/lib/*/*.c))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
# src/cli/main.c holds main(); the other CLI files (option parsing, ...) are unit-tested too.
CLI_MAIN := src/cli/main.c
CLI_PARTS := $(filter-out $(CLI_MAIN),$(CLI_SRC))
UNIT_SRC := $(sort $(wildcard tests/unit/*.c))
BENCH_SRC := $(sort $(wildcard bench/*.c))

# seam ask (src/cli/ask/): the only code that talks to the network, through libcurl; never in
# libseam or the unit tests.
ASK_SRC := $(sort $(wildcard src/cli/ask/*.c src/cli/bench/*.c))
CURL_CFLAGS := $(shell $(PKG_CONFIG) --cflags libcurl 2>/dev/null)
# libcurl is loaded when seam ask first needs it (src/cli/ask/curl_dl.h: linked, it and its
# thirty libraries cost every seam run about 5 MiB of memory): only its headers at build time,
# dlopen at run time (in the C library since glibc 2.34; -ldl before that).
DL_LIBS := $(shell printf '\043include <dlfcn.h>\nint main(void){return !dlopen;}\n' | \
	$(CC) -x c - -o /dev/null 2>/dev/null || echo -ldl)

LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(B)/obj/%.o) $(ASK_SRC:%.c=$(B)/obj/%.o)
UNIT_OBJ := $(UNIT_SRC:%.c=$(B)/obj/%.o) $(CLI_PARTS:%.c=$(B)/obj/%.o)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(B)/bench/%)

ASAN_LIB_OBJ := $(LIB_SRC:%.c=$(ASAN_B)/obj/%.o)
ASAN_CLI_OBJ := $(CLI_SRC:%.c=$(ASAN_B)/obj/%.o) $(ASK_SRC:%.c=$(ASAN_B)/obj/%.o)
$(ASK_SRC:%.c=$(B)/obj/%.o) $(ASK_SRC:%.c=$(ASAN_B)/obj/%.o): CPPFLAGS += $(CURL_CFLAGS)
ASAN_UNIT_OBJ := $(UNIT_SRC:%.c=$(ASAN_B)/obj/%.o) $(CLI_PARTS:%.c=$(ASAN_B)/obj/%.o)
TSAN_LIB_OBJ := $(LIB_SRC:%.c=$(TSAN_B)/obj/%.o)
TSAN_HARNESS_OBJ := $(TSAN_B)/obj/tests/tsan/harness.o

# ---- tree-sitter grammars --------------------------------------------------------------------
#
# Third-party generated code: compiled once with its own flags (no warnings of ours, no
# -Werror, not sanitized: the same objects go into every build, fuzz and sanitizer ones too),
# hidden from libseam.so's exports (TREE_SITTER_HIDE_SYMBOLS drops their "default"
# visibility), each in its package's own layout (typescript's scanners include ../../common).

G_B := $(B)/grammars
GRAMMAR_LOCK := scripts/grammars.lock
# name=source-dir for each grammar of the lock file
GRAMMAR_ROWS := $(shell awk '!/^\#/ && NF >= 4 { d = $$2; gsub("@", "-", d); gsub("/", "_", d); \
	print $$1 "=" d "/" $$3 }' $(GRAMMAR_LOCK))
GRAMMARS_ALL := $(foreach r,$(GRAMMAR_ROWS),$(firstword $(subst =, ,$(r))))
GRAMMARS ?= $(GRAMMARS_ALL)
gsrc = $(G_B)/$(patsubst $(1)=%,%,$(filter $(1)=%,$(GRAMMAR_ROWS)))
GRAMMAR_OBJ := $(foreach g,$(GRAMMARS),$(G_B)/obj/$(g)-parser.o $(G_B)/obj/$(g)-scanner.o)
# The user's CFLAGS come last (a -m32, -march or -O0 of theirs applies to the grammars too);
# -w stays: their warnings are not ours to fix.
GRAMMAR_CFLAGS = -std=c11 -O2 -fPIC -fvisibility=hidden -DTREE_SITTER_HIDE_SYMBOLS $(CFLAGS) -w
# syntax_lang.c lists the grammars built in
GRAMMAR_DEFS := $(foreach g,$(GRAMMARS),-DSM_GRAMMAR_$(g))

$(G_B)/vars: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(GRAMMARS)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(G_B)/fetched: scripts/grammars.sh $(GRAMMAR_LOCK) $(G_B)/vars
	$(call say,FETCH,$(G_B))bash scripts/grammars.sh $(G_B) $(GRAMMARS)
	@touch $@

# grammar NAME: its parser and its scanner (an empty object for a grammar without one)
define grammar_rules
$(G_B)/obj/$(1)-parser.o: $(G_B)/fetched
	@mkdir -p $$(@D)
	$$(call say,CC-TS,$(1)/parser.c)$$(CC) $$(GRAMMAR_CFLAGS) -I$(call gsrc,$(1)) -c $(call gsrc,$(1))/parser.c -o $$@
$(G_B)/obj/$(1)-scanner.o: $(G_B)/fetched
	@mkdir -p $$(@D)
	$$(call say,CC-TS,$(1)/scanner.c)if [ -f $(call gsrc,$(1))/scanner.c ]; then \
		$$(CC) $$(GRAMMAR_CFLAGS) -I$(call gsrc,$(1)) -c $(call gsrc,$(1))/scanner.c -o $$@; \
	else $$(CC) $$(GRAMMAR_CFLAGS) -x c -c /dev/null -o $$@; fi
endef
$(foreach g,$(GRAMMARS),$(eval $(call grammar_rules,$(g))))

SYNTAX_LANG_OBJ := $(foreach d,$(B)/obj $(ASAN_B)/obj $(TSAN_B)/obj $(B)/fuzz/obj,$(d)/src/lib/syntax/syntax_lang.o)
$(SYNTAX_LANG_OBJ): CPPFLAGS += $(GRAMMAR_DEFS)
$(SYNTAX_LANG_OBJ): $(G_B)/vars

SO_REAL := libseam.so.$(VERSION)
SO_NAME := libseam.so.$(SOMAJOR)

ifeq ($(V),1)
Q :=
say :=
else
Q := @
say = @printf '  %-6s %s\n' $(1) $(2);
endif

# Only the library's public API (SEAM_EXTERN) is exported from the shared object.
$(LIB_OBJ): EXTRA_CFLAGS := -fPIC -fvisibility=hidden

.PHONY: all asan tsan test check check-unit check-cli check-ask check-bench check-asan check-tsan check-deps check-valgrind demo demo-valgrind bench corpus oracle oracle-long \
	install uninstall clean deps FORCE

all: $(B)/libseam.a $(B)/libseam.so $(B)/seam.pc $(B)/seam

asan: $(ASAN_B)/seam $(ASAN_B)/test-unit

tsan: $(TSAN_B)/harness

# ---- compiling -------------------------------------------------------------------------------

$(B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(CPPFLAGS) $(BASE_CFLAGS) $(CFLAGS) $(WERROR) $(EXTRA_CFLAGS) -c $< -o $@

$(ASAN_B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC-SAN,$<)$(CC) $(CPPFLAGS) $(BASE_CFLAGS) $(ASAN_CFLAGS) -c $< -o $@

$(TSAN_B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC-TSAN,$<)$(TSAN_CC) $(CPPFLAGS) $(BASE_CFLAGS) $(TSAN_CFLAGS) -c $< -o $@

# ---- the library -----------------------------------------------------------------------------

# One relocatable object whose hidden symbols (every sm_* and the grammars' tree_sitter_*) are
# made local: a program linking libseam.a sees only the seam_* API, as with the shared
# library, and may link its own tree-sitter grammars beside it.
$(B)/obj/libseam-all.o: $(LIB_OBJ) $(GRAMMAR_OBJ)
	$(call say,LD-R,$@)$(CC) -r -nostdlib -o $@.tmp $^ && \
		$(OBJCOPY) --localize-hidden $@.tmp $@ && rm -f $@.tmp

$(B)/libseam.a: $(B)/obj/libseam-all.o
	@rm -f $@
	$(call say,AR,$@)$(AR) rcs $@ $^

$(B)/$(SO_REAL): $(LIB_OBJ) $(GRAMMAR_OBJ)
	$(call say,LD,$@)$(CC) -shared -Wl,-soname,$(SO_NAME) -Wl,-z,defs $(LDFLAGS) -o $@ $^ $(LIBS)

$(B)/$(SO_NAME): $(B)/$(SO_REAL)
	$(Q)ln -sf $(SO_REAL) $@

$(B)/libseam.so: $(B)/$(SO_NAME)
	$(Q)ln -sf $(SO_NAME) $@

# seam.pc depends on the install directories: rebuilt when PREFIX & co change.
$(B)/pc-vars: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(PREFIX)' '$(LIBDIR)' '$(INCLUDEDIR)' '$(VERSION)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(B)/seam.pc: seam.pc.in $(B)/pc-vars
	$(call say,GEN,$@)sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' seam.pc.in > $@

# ---- programs --------------------------------------------------------------------------------

$(B)/seam: $(CLI_OBJ) $(B)/libseam.a
	$(call say,LD,$@)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(B)/libseam.a $(CLI_LIBS) $(DL_LIBS)

# Unit tests use internal sm_ functions: they link the library's object files (not the archive)
# and the CLI's, but for main.c.
$(B)/test-unit: $(UNIT_OBJ) $(LIB_OBJ) $(GRAMMAR_OBJ)
	$(call say,LD,$@)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(ASAN_B)/seam: $(ASAN_CLI_OBJ) $(ASAN_LIB_OBJ) $(GRAMMAR_OBJ)
	$(call say,LD-SAN,$@)$(CC) $(ASAN_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS) $(DL_LIBS)

$(ASAN_B)/test-unit: $(ASAN_UNIT_OBJ) $(ASAN_LIB_OBJ) $(GRAMMAR_OBJ)
	$(call say,LD-SAN,$@)$(CC) $(ASAN_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(TSAN_B)/harness: $(TSAN_HARNESS_OBJ) $(TSAN_LIB_OBJ) $(GRAMMAR_OBJ)
	$(call say,LD-TSAN,$@)$(TSAN_CC) $(TSAN_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# bench/stream_feed.c drives the library (bench/stream.sh); the other helpers stand alone.
$(B)/bench/stream_feed: bench/stream_feed.c $(B)/libseam.a
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(CPPFLAGS) -std=c17 $(WARNINGS) -Iinclude -Isrc $(CFLAGS) $(WERROR) $(LDFLAGS) -o $@ $< $(B)/libseam.a $(LIBS)

# Stand-alone benchmark helpers (bench/NAME.c -> build/bench/NAME), for bench/*.sh.
$(B)/bench/%: bench/%.c
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(CPPFLAGS) -std=c17 $(WARNINGS) $(CFLAGS) $(WERROR) $(LDFLAGS) -o $@ $<

# ---- tests -----------------------------------------------------------------------------------

# Everything: deps, both builds, four suites, one total as the last line.
test:
	$(Q)bash scripts/deps.sh valgrind
	$(Q)MAKE='$(MAKE)' bash scripts/test.sh

check: check-unit check-cli check-ask check-bench oracle

check-unit: $(B)/test-unit
	$(Q)$(B)/test-unit

check-cli: $(B)/seam
	$(Q)bash tests/cli/run.sh $(B)/seam

# seam ask against a scripted server on loopback (tests/ask/server.py; needs python3)
check-ask: $(B)/seam
	$(Q)bash tests/ask/run.sh $(B)/seam

# seam bench: tasks on /usr/lib/python3.*, run/report/rescore/resume against the same server
check-bench: $(B)/seam
	$(Q)bash tests/bench/run.sh $(B)/seam

check-asan: asan
	$(Q)$(ASAN_ENV) $(ASAN_B)/test-unit
	$(Q)$(ASAN_ENV) bash tests/cli/run.sh $(ASAN_B)/seam
	$(Q)$(ASAN_ENV) bash tests/ask/run.sh $(ASAN_B)/seam
	$(Q)$(ASAN_ENV) bash tests/bench/run.sh $(ASAN_B)/seam

check-deps:
	$(Q)bash tests/deps/run.sh

check-tsan: tsan
	$(Q)$(TSAN_ENV) $(TSAN_B)/harness

# The CLI tests under valgrind memcheck only (the suite cli-valgrind of make test).
check-valgrind: all
	$(Q)bash scripts/test.sh --only-valgrind

deps:
	$(Q)bash scripts/deps.sh

# ---- demo, bench, corpus ---------------------------------------------------------------------

demo:
	$(Q)bash scripts/deps.sh
	$(Q)$(MAKE) --no-print-directory all
	$(Q)bash scripts/demo.sh $(B)/seam

demo-valgrind:
	$(Q)bash scripts/deps.sh valgrind
	$(Q)$(MAKE) --no-print-directory all
	$(Q)DEMO_VALGRIND=1 bash scripts/demo.sh $(B)/seam

bench: all $(BENCH_BIN)
	$(Q)bash bench/bench.sh
	$(Q)/usr/bin/python3 bench/batch.py
	$(Q)python3 bench/curves.py
	$(Q)bash bench/hostile.sh $(B)/seam

corpus: all
	$(Q)bash bench/corpus.sh

# replies generated in every format with the defects models make (bench/oracle.py): seam must
# write the intended file or refuse. `make oracle` (a suite of make check and make test): a
# fixed seed on the files the generator makes itself (bench/oracle_synth.py), so the same
# replies on every commit and machine. `make oracle-long SEED=N [COUNT=N]`: another seed on the
# real trees too (the project's src/ and tests/, /usr/lib/python3*, /usr/share/doc). Failures
# are saved under build/oracle/ (build/oracle-long/).
ORACLE_SEED ?= 1
ORACLE_COUNT ?= 1000
ORACLE_JOBS ?= 2
SEED ?= $(shell date +%s)
COUNT ?= 20000
oracle: all
	$(Q)python3 bench/oracle.py --seed $(ORACLE_SEED) --count $(ORACLE_COUNT) --jobs $(ORACLE_JOBS) \
		--sources synth --seam $(B)/seam --out $(B)/oracle

oracle-long: all
	$(Q)python3 bench/oracle.py --seed $(SEED) --count $(COUNT) --jobs $(ORACLE_JOBS) \
		--sources all --seam $(B)/seam --out $(B)/oracle-long

# ---- fuzzing (fuzz/README.md) ----------------------------------------------------------------
#
#   make fuzz           each target of fuzz/ built with clang -fsanitize=fuzzer,address,undefined
#                       in build/fuzz/, then run FUZZ_SECONDS (default 60) on fuzz/corpora/<target>
#                       and build/fuzz/seeds/<target> (new inputs go to build/fuzz/corpus/<target>,
#                       crashes to build/fuzz/artifacts)
#   make fuzz-replay    the same targets with $(CC) + ASan/UBSan and fuzz/standalone.c instead of
#                       libFuzzer, replaying fuzz/corpora/<target>/, build/fuzz/seeds/<target>/ and
#                       fuzz/regress/<target>-*
#   make fuzz-seeds     build/fuzz/seeds/<target>/: the seeds cut from ../shared/corpus (or
#                       $SEAM_CORPUS) by fuzz/tools/mkseeds.py, made again at each fuzz run and
#                       never committed (other projects' code); none without a corpus

FUZZ_TARGETS := reply apply match roundtrip stream mcp batch sse bench ignore oracle
FUZZ_B := $(B)/fuzz
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SAN := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(FUZZ_B)/obj/%.o)
FUZZ_BIN := $(FUZZ_TARGETS:%=$(FUZZ_B)/fuzz_%)
REPLAY_BIN := $(FUZZ_TARGETS:%=$(ASAN_B)/fuzz/fuzz_%)
FUZZ_SEEDS := $(FUZZ_B)/seeds

$(FUZZ_B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC-FUZZ,$<)$(FUZZ_CC) $(CPPFLAGS) $(BASE_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_B)/fuzz_%: $(FUZZ_B)/obj/fuzz/fuzz_%.o $(FUZZ_LIB_OBJ) $(GRAMMAR_OBJ)
	$(call say,LD-FUZZ,$@)$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer $(LDFLAGS) -o $@ $^ $(LIBS)

$(ASAN_B)/fuzz/fuzz_%: $(ASAN_B)/obj/fuzz/fuzz_%.o $(ASAN_B)/obj/fuzz/standalone.o $(ASAN_LIB_OBJ) \
		$(GRAMMAR_OBJ)
	@mkdir -p $(@D)
	$(call say,LD-SAN,$@)$(CC) $(ASAN_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# fuzz_mcp drives the MCP server's handler, which lives with the CLI (with the CLI's
# --include / --exclude filter, which apply_edit's globs go through, and its output helpers)
$(FUZZ_B)/fuzz_mcp: $(FUZZ_B)/obj/src/cli/mcp.o $(FUZZ_B)/obj/src/cli/filter.o \
	$(FUZZ_B)/obj/src/cli/out.o $(FUZZ_B)/obj/src/cli/diffstat.o
$(ASAN_B)/fuzz/fuzz_mcp: $(ASAN_B)/obj/src/cli/mcp.o $(ASAN_B)/obj/src/cli/filter.o \
	$(ASAN_B)/obj/src/cli/out.o $(ASAN_B)/obj/src/cli/diffstat.o
# fuzz_sse reads the answers of seam ask: its reader lives with the CLI (src/cli/sse.c)
$(FUZZ_B)/fuzz_sse: $(FUZZ_B)/obj/src/cli/sse.o
$(ASAN_B)/fuzz/fuzz_sse: $(ASAN_B)/obj/src/cli/sse.o

.PHONY: fuzz fuzz-build fuzz-replay fuzz-seeds
.SECONDARY: $(FUZZ_TARGETS:%=$(FUZZ_B)/obj/fuzz/fuzz_%.o) $(FUZZ_TARGETS:%=$(ASAN_B)/obj/fuzz/fuzz_%.o) \
	$(ASAN_B)/obj/fuzz/standalone.o $(FUZZ_LIB_OBJ) $(GRAMMAR_OBJ)
fuzz-build: $(FUZZ_BIN)

# SEAM_FUZZ_SKIP_KNOWN=1: the targets step over the findings already in fuzz/regress/ (see
# fuzz/README.md), so that a run looks for new ones; the replay checks those without it.
# The corpus-derived seeds are written again at each run (the corpus may have changed); without
# ../shared there are none and the targets start from fuzz/corpora/ alone.
fuzz-seeds:
	$(Q)python3 fuzz/tools/mkseeds.py --out $(FUZZ_SEEDS)

fuzz: $(FUZZ_BIN) fuzz-seeds
	$(Q)mkdir -p $(FUZZ_B)/artifacts
	$(Q)for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_B)/corpus/$$t; \
		seeds=; [ -d $(FUZZ_SEEDS)/$$t ] && seeds=$(FUZZ_SEEDS)/$$t; \
		echo "== fuzz_$$t: $(FUZZ_SECONDS) s"; \
		SEAM_FUZZ_SKIP_KNOWN=1 $(FUZZ_B)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) \
			-dict=fuzz/seam.dict -artifact_prefix=$(FUZZ_B)/artifacts/$$t- \
			-print_final_stats=1 $(FUZZ_B)/corpus/$$t fuzz/corpora/$$t $$seeds || exit 1; \
	done

fuzz-replay: $(REPLAY_BIN) fuzz-seeds
	$(Q)$(ASAN_ENV) bash fuzz/replay.sh $(ASAN_B)/fuzz $(FUZZ_SEEDS)

-include $(wildcard $(FUZZ_B)/obj/*/*.d $(FUZZ_B)/obj/*/*/*.d $(FUZZ_B)/obj/*/*/*/*.d $(ASAN_B)/obj/fuzz/*.d)

# ---- install ---------------------------------------------------------------------------------

install: all
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
		$(DESTDIR)$(PKGCONFIGDIR)
	$(INSTALL) -m 755 $(B)/seam $(DESTDIR)$(BINDIR)/seam
	$(INSTALL) -m 644 $(B)/libseam.a $(DESTDIR)$(LIBDIR)/libseam.a
	$(INSTALL) -m 755 $(B)/$(SO_REAL) $(DESTDIR)$(LIBDIR)/$(SO_REAL)
	ln -sf $(SO_REAL) $(DESTDIR)$(LIBDIR)/$(SO_NAME)
	ln -sf $(SO_NAME) $(DESTDIR)$(LIBDIR)/libseam.so
	$(INSTALL) -m 644 include/seam.h $(DESTDIR)$(INCLUDEDIR)/seam.h
	$(INSTALL) -m 644 $(B)/seam.pc $(DESTDIR)$(PKGCONFIGDIR)/seam.pc
	$(INSTALL) -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(BASHCOMPDIR)
	$(INSTALL) -m 644 man/seam.1 $(DESTDIR)$(MANDIR)/man1/seam.1
	$(INSTALL) -m 644 man/libseam.3 $(DESTDIR)$(MANDIR)/man3/libseam.3
	$(INSTALL) -m 644 completion/seam.bash $(DESTDIR)$(BASHCOMPDIR)/seam

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/seam $(DESTDIR)$(LIBDIR)/libseam.a \
		$(DESTDIR)$(LIBDIR)/$(SO_REAL) $(DESTDIR)$(LIBDIR)/$(SO_NAME) \
		$(DESTDIR)$(LIBDIR)/libseam.so $(DESTDIR)$(INCLUDEDIR)/seam.h \
		$(DESTDIR)$(PKGCONFIGDIR)/seam.pc $(DESTDIR)$(MANDIR)/man1/seam.1 \
		$(DESTDIR)$(MANDIR)/man3/libseam.3 $(DESTDIR)$(BASHCOMPDIR)/seam

clean:
	rm -rf $(B)

FORCE:

-include $(sort $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(UNIT_OBJ:.o=.d) \
	$(ASAN_LIB_OBJ:.o=.d) $(ASAN_CLI_OBJ:.o=.d) $(ASAN_UNIT_OBJ:.o=.d) \
	$(TSAN_LIB_OBJ:.o=.d) $(TSAN_HARNESS_OBJ:.o=.d))
