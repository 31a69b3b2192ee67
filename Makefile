# templatedet — PGXS build.  `make test` and `make demo` are described in README.md.
EXTENSION   = templatedet
MODULE_big  = templatedet
EXTVERSION  = 0.2
# The install script of EXTVERSION is built from one piece per method (rule below);
# the frozen scripts of older versions and the update scripts are installed as they are.
DATA        = sql/templatedet--0.1.sql sql/templatedet--0.1--0.2.sql
DATA_built  = sql/templatedet--$(EXTVERSION).sql
# pg_regress suites (sql/td_*.sql, expected/td_*.out), in order: td_init creates
# the extension.  UTF-8 and C collation so encodings and ORDER BY are fixed.
REGRESS      = td_init td_sites td_edge td_errors td_bulk td_parallel td_copy td_timeout td_info td_readme td_page td_page_readme td_page_type td_output td_dedup td_sandwich td_sandwich_readme td_menu td_menu_readme td_etdm_readme td_etdm td_chunks td_security td_rows td_warc td_meta
REGRESS_OPTS = --encoding=UTF8 --no-locale

CORE_SRCS   = $(sort $(wildcard src/core/*/*.c))
# the C++ shims of the core (meta/langdetect.cpp: CLD2 has a C++ API only),
# each behind a C header; PGXS compiles them with $(CXX)
CORE_CXX_SRCS = $(sort $(wildcard src/core/*/*.cpp))
PG_SRCS     = $(sort $(wildcard src/pg/*/*.c))
OBJS        = $(CORE_SRCS:.c=.o) $(CORE_CXX_SRCS:.cpp=.o) $(PG_SRCS:.c=.o)

XML2_CFLAGS := $(shell xml2-config --cflags 2>/dev/null || pkg-config --cflags libxml-2.0)
XML2_LIBS   := $(shell xml2-config --libs 2>/dev/null || pkg-config --libs libxml-2.0)
PG_CPPFLAGS = -Isrc/core -Isrc $(XML2_CFLAGS)
PG_CFLAGS   = -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -Wno-sign-compare
# PGXS rebuilds an object only when its .c changes: gcc also writes each
# object's headers to a .d file, read below, so a changed header (a feature
# list, a struct) rebuilds what uses it instead of linking stale objects.
PG_CFLAGS  += -MMD -MP
# templatedet-warc, the client program (src/bin/), from the extension's core objects;
# SCRIPTS_built installs it into $(bindir) beside pg_config's other programs
SCRIPTS_built = templatedet-warc
EXTRA_CLEAN = $(OBJS:.o=.d) src/bin/templatedet-warc.o src/bin/templatedet-warc.d
# zlib (zlib1g-dev) inflates .warc.gz files and gzip/deflate-coded HTTP bodies
ZLIB_LIBS   = -lz
# CLD2 (libcld2-dev) detects the language of pages that declare none
# (src/core/meta/langdetect.h says why CLD2); no pkg-config file, so by name;
# the C++ runtime for its shim
CLD2_LIBS   = -lcld2 -lstdc++
SHLIB_LINK  = $(XML2_LIBS) $(ZLIB_LIBS) $(CLD2_LIBS)

PG_CONFIG  ?= pg_config
PGXS       := $(shell $(PG_CONFIG) --pgxs 2>/dev/null)
ifneq ($(wildcard $(PGXS)),)
include $(PGXS)
else
# No server headers yet (fresh machine): `make test` and `make demo` install them first.
all:
	@echo "no PGXS for '$(PG_CONFIG)': run 'make deps' (as root) first" >&2; exit 1
endif

-include $(OBJS:.o=.d) src/bin/templatedet-warc.d

templatedet-warc: src/bin/templatedet-warc.o $(CORE_SRCS:.c=.o) $(CORE_CXX_SRCS:.cpp=.o)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(XML2_LIBS) $(ZLIB_LIBS) $(CLD2_LIBS) -lm
# the JIT bitcode of a source is rebuilt whenever its object is
$(OBJS:.o=.bc): %.bc: %.o

# The install script of EXTVERSION, assembled from sql/install/ in this order, a
# blank line between pieces (a build product, in .gitignore: `make` builds it,
# `make clean` removes it, a changed piece rebuilds it).
SQL_PIECES  = $(addprefix sql/install/,header.sql base.sql site.sql page.sql output.sql dedup.sql sandwich.sql menu.sql warc.sql meta.sql)
sql/templatedet--$(EXTVERSION).sql: $(SQL_PIECES)
	{ echo '-- templatedet $(EXTVERSION): site profiles, template stripping, clean text.'; \
	  awk 'FNR == 1 && NR > 1 { print "" } { print }' $^; } >$@ || { rm -f $@; exit 1; }

# ---- set-up, tests, demo (scripts in test/; see README) ------------------------
# make deps   install what is missing (apt-get, as root)
# make test   deps, build, install, throwaway cluster, every suite; CI runs this
# make demo   the same set-up, then a generated sample crawl (or PAGES=dir of .html)
# make test runs every fuzz target (FUZZ_TARGETS, below) for FUZZ_TIME seconds,
# JOBS (nproc) at once; its steps' output is in build/test-run/NAME.log.
FUZZ_TIME  ?= 20
export PG_CONFIG

.PHONY: deps test demo
deps:
	@bash test/deps.sh
test:
	@bash test/run.sh
demo:
	@bash test/demo/run.sh $(if $(PAGES),"$(PAGES)")

# `make -s td-print-VAR` prints a variable for the scripts (e.g. REGRESS)
td-print-%:
	@echo '$($*)'

# ---- the core, compiled once per flavour (build/obj/<flavour>/, build/lib/) -----
# Each source is compiled once per flavour (in parallel under make -j; -MMD -MP
# record its headers, so a changed header rebuilds what includes it) and the core's
# objects are archived; unit tests, fuzzers and bench tools link the archive.
#   build/lib/libtdcore-asan.a  CORE_CC, ASan + UBSan       unit tests (build/core/)
#   build/lib/libtdcore-fuzz.a  FUZZ_CC, libFuzzer coverage  fuzzers (build/fuzz/)
#                               + ASan + UBSan
#   build/lib/libtdcore.a       CORE_CC, -O2                 bench tools (build/bench/)
# A UBSan report stops the program (-fno-sanitize-recover): a suite whose output goes
# to a log file must fail on it, not print it where no one looks.
CORE_CC      ?= cc
FUZZ_CC      ?= clang
CORE_STD      = -std=c11 -D_POSIX_C_SOURCE=200809L
CORE_WARN     = -Wall -Wextra -Wno-unused-parameter
CORE_INC      = -Isrc/core $(XML2_CFLAGS)
CORE_LIBS     = $(XML2_LIBS) $(ZLIB_LIBS) $(CLD2_LIBS) -lm
CORE_CXX     ?= c++
FUZZ_CXX     ?= clang++
CXX_STD       = -std=c++11
SANITIZE      = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_SANITIZE = -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
CFLAGS_asan   = $(CORE_STD) -O1 -g $(CORE_WARN) $(SANITIZE) $(CORE_INC)
# -O2, not -O1: coverage and comparison tracing are added after optimization,
# and -O2 leaves fewer comparisons to trace (a range test for two bounds, say):
# 4-8% less time per run of fuzz-parse, slim and warc (bench/README.md#fuzz-targets)
CFLAGS_fuzz   = $(CORE_STD) -O2 -g $(FUZZ_SANITIZE) $(CORE_INC)
CFLAGS_plain  = $(CORE_STD) -O2 -g $(CORE_WARN) $(CORE_INC) -Ibench $(BENCH_DEFS)

# build/obj/<flavour>/<path>.o from <path>.c: the core, test/core, test/fuzz, bench
build/obj/asan/%.o: %.c
	@mkdir -p $(@D)
	$(CORE_CC) $(CFLAGS_asan) -MMD -MP -c -o $@ $<
build/obj/fuzz/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CFLAGS_fuzz) -MMD -MP -c -o $@ $<
# The fuzz flavour traces comparisons (-fsanitize=fuzzer-no-link: trace-cmp) so that
# libFuzzer can learn the values a branch wants; in the sort and the checksum every
# comparison is of key order or a loop counter, nothing an input could be steered by,
# and their hooks were a fifth of fuzz-profile's time (bench/README.md#fuzz-targets);
# so is every comparison of the profile's table (profile.c: slots against fingerprints,
# zero and a pruning bound; the bytes' format checks are in profile_format.c, traced),
# whose hooks were 60% of fuzz-profile's time; and the allocator and buffers
# (base/env.c: sizes against capacities, on every byte appended to an output):
# they keep their edge coverage and sanitizers, without comparison tracing.
FUZZ_NO_TRACE_CMP = src/core/util/sort.c src/core/util/crc32c.c src/core/site/profile.c \
	src/core/base/env.c
$(FUZZ_NO_TRACE_CMP:%.c=build/obj/fuzz/%.o): CFLAGS_fuzz += -fno-sanitize-coverage=trace-cmp
build/obj/plain/%.o: %.c
	@mkdir -p $(@D)
	$(CORE_CC) $(CFLAGS_plain) -MMD -MP -c -o $@ $<
# the C++ shims, with the C flags of their flavour but a C++ standard
build/obj/asan/%.o: %.cpp
	@mkdir -p $(@D)
	$(CORE_CXX) $(filter-out $(CORE_STD),$(CFLAGS_asan)) $(CXX_STD) -MMD -MP -c -o $@ $<
build/obj/fuzz/%.o: %.cpp
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(filter-out $(CORE_STD),$(CFLAGS_fuzz)) $(CXX_STD) -MMD -MP -c -o $@ $<
build/obj/plain/%.o: %.cpp
	@mkdir -p $(@D)
	$(CORE_CXX) $(filter-out $(CORE_STD),$(CFLAGS_plain)) $(CXX_STD) -MMD -MP -c -o $@ $<
-include $(shell find build/obj -name '*.d' 2>/dev/null)

# rm first: a member of a source since deleted must not stay in the archive
build/lib/libtdcore-asan.a: $(CORE_SRCS:%.c=build/obj/asan/%.o) $(CORE_CXX_SRCS:%.cpp=build/obj/asan/%.o)
build/lib/libtdcore-fuzz.a: $(CORE_SRCS:%.c=build/obj/fuzz/%.o) $(CORE_CXX_SRCS:%.cpp=build/obj/fuzz/%.o)
build/lib/libtdcore.a:      $(CORE_SRCS:%.c=build/obj/plain/%.o) $(CORE_CXX_SRCS:%.cpp=build/obj/plain/%.o)
build/lib/libtdcore-asan.a build/lib/libtdcore-fuzz.a build/lib/libtdcore.a:
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^

.PHONY: core-libs
core-libs: build/lib/libtdcore-asan.a build/lib/libtdcore-fuzz.a build/lib/libtdcore.a

# `make clean` (PGXS) removes these too; fuzz corpora and crashes in build/fuzz/ stay
EXTRA_CLEAN += build/obj build/lib build/core build/bench build/test-run $(FUZZ_BINS)

# ---- core unit tests: pure C, no server, under ASan + UBSan ---------------------
CORE_TESTS   = $(patsubst test/core/%.c,build/core/%,$(wildcard test/core/test_*.c))

$(CORE_TESTS): build/core/%: build/obj/asan/test/core/%.o build/lib/libtdcore-asan.a
	@mkdir -p $(@D)
	$(CORE_CC) $(SANITIZE) -o $@ $^ $(CORE_LIBS)

# Every test runs (one failing does not hide the next), each after "== name";
# the status is a failure if any failed.
.PHONY: core-check
core-check: $(CORE_TESTS)
	@rc=0; for t in $(CORE_TESTS); do echo "== $$t"; \
		ASAN_OPTIONS=detect_leaks=1 $$t || { echo "FAILED: $$t (exit $$?)"; rc=1; }; \
	done; exit $$rc

# ---- bench tools: bench/*.c linked with the plain core (bench/README.md) ---------
# make bench-tools   -> build/bench/<name> for every bench/<name>.c
BENCH_TOOLS  = $(patsubst bench/%.c,build/bench/%,$(wildcard bench/*.c))

$(BENCH_TOOLS): build/bench/%: build/obj/plain/bench/%.o build/lib/libtdcore.a
	@mkdir -p $(@D)
	$(CORE_CC) -o $@ $^ $(CORE_LIBS)

.PHONY: bench-tools
bench-tools: $(BENCH_TOOLS)

# ---- benchmark and quality on a folder of sites (bench/README.md); not a test --
# make bench [SITES=dir] [THRESHOLD=0.1]
.PHONY: bench
bench:
	@bash bench/run.sh $(if $(SITES),"$(SITES)")
	@bash bench/quality.sh -t $(or $(THRESHOLD),0.1) $(if $(SITES),"$(SITES)")

# ---- fuzz targets: clang + libFuzzer, built to build/fuzz/ ---------------------
# make fuzz-NAME [FUZZ_TIME=s] for each test/fuzz/fuzz_NAME.c (FUZZ_TARGETS);
# crashes as build/fuzz/crash-*.
# fuzz-parse: the page parser and renderers on arbitrary bytes and encodings.
# fuzz-shingle: the near-duplicate signatures on arbitrary text bytes.
# fuzz-sandwich: the sandwich unit splitter, LCS and masked page on arbitrary bytes.
# fuzz-links: URL resolution and link extraction/ordering (base, href, page).
# fuzz-etdm: ETDM mapping and votes between two fuzzed pages.
# fuzz-profile: profile bytes and page scripts.
# fuzz-model: the page-level model's text (the jsonb argument) and its round trip.
# fuzz-pagetype: the page type's features (JSON-LD, tokens, URL) and the gold labels.
# Each target's seeds are in test/fuzz/fuzz-NAME/, its growing corpus in
# build/fuzz/corpus-NAME/.
FUZZ_MAX_LEN_parse   = 8192
FUZZ_MAX_LEN_slim    = 8192
FUZZ_MAX_LEN_profile = 8192
FUZZ_MAX_LEN_shingle = 65536
FUZZ_MAX_LEN_sandwich = 65536
FUZZ_MAX_LEN_links   = 65536
FUZZ_MAX_LEN_etdm    = 65536
FUZZ_BINS    = $(patsubst test/fuzz/%.c,build/fuzz/%,$(wildcard test/fuzz/fuzz_*.c))
FUZZ_TARGETS = $(patsubst build/fuzz/fuzz_%,fuzz-%,$(FUZZ_BINS))
FUZZ_MAX_LEN_model   = 32768
FUZZ_MAX_LEN_pagetype = 8192
# fuzz-warc: the WARC reader on arbitrary bytes, plain or gzip (first byte: mode)
FUZZ_MAX_LEN_warc    = 65536
# fuzz-jsonld: the JSON-LD reader of page_metadata; fuzz-meta: page_metadata's
# whole extraction over random HTML (first byte: base URL, language, failing allocation)
FUZZ_MAX_LEN_jsonld  = 4096
FUZZ_MAX_LEN_meta    = 8192
# fuzz-output: clean HTML and Markdown of a fuzzed page (safe tags, no raw HTML)
FUZZ_MAX_LEN_output  = 8192
# fuzz-page: page level (the built-in trees, what is apart, rails) and the
# expected-F1 decision on a fuzzed page (first byte: a failing allocation)
FUZZ_MAX_LEN_page    = 8192

$(FUZZ_BINS): build/fuzz/%: build/obj/fuzz/test/fuzz/%.o build/lib/libtdcore-fuzz.a
	@mkdir -p $(@D)
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ $(CORE_LIBS)

# make fuzzers: build every fuzz target (make test builds them all first)
.PHONY: fuzzers $(FUZZ_TARGETS)
fuzzers: $(FUZZ_BINS)
$(FUZZ_TARGETS): fuzz-%: build/fuzz/fuzz_%
	@mkdir -p build/fuzz/corpus-$*
	ASAN_OPTIONS=detect_leaks=1 $< -max_total_time=$(FUZZ_TIME) \
		$(if $(FUZZ_MAX_LEN_$*),-max_len=$(FUZZ_MAX_LEN_$*)) -timeout=10 -artifact_prefix=build/fuzz/ \
		build/fuzz/corpus-$* $(wildcard test/fuzz/fuzz-$*)
