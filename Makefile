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
REGRESS      = td_init td_sites td_edge td_errors td_parallel td_copy td_timeout td_info td_readme td_page td_page_readme td_dedup td_sandwich td_sandwich_readme td_menu td_menu_readme td_etdm_readme td_etdm td_chunks td_warc
REGRESS_OPTS = --encoding=UTF8 --no-locale

CORE_SRCS   = $(sort $(wildcard src/core/*/*.c))
CORE_HDRS   = $(wildcard src/core/*/*.h)
PG_SRCS     = $(sort $(wildcard src/pg/*/*.c))
OBJS        = $(CORE_SRCS:.c=.o) $(PG_SRCS:.c=.o)

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
SHLIB_LINK  = $(XML2_LIBS) $(ZLIB_LIBS)

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

templatedet-warc: src/bin/templatedet-warc.o $(CORE_SRCS:.c=.o)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(XML2_LIBS) $(ZLIB_LIBS) -lm
# the JIT bitcode of a source is rebuilt whenever its object is
$(OBJS:.o=.bc): %.bc: %.o

# The install script of EXTVERSION, assembled from sql/install/ in this order, a
# blank line between pieces (a build product, in .gitignore: `make` builds it,
# `make clean` removes it, a changed piece rebuilds it).
SQL_PIECES  = $(addprefix sql/install/,header.sql base.sql site.sql page.sql dedup.sql sandwich.sql menu.sql warc.sql)
sql/templatedet--$(EXTVERSION).sql: $(SQL_PIECES)
	{ echo '-- templatedet $(EXTVERSION): site profiles, template stripping, clean text.'; \
	  awk 'FNR == 1 && NR > 1 { print "" } { print }' $^; } >$@ || { rm -f $@; exit 1; }

# ---- set-up, tests, demo (scripts in test/; see README) ------------------------
# make deps   install what is missing (apt-get, as root)
# make test   deps, build, install, throwaway cluster, every suite; CI runs this
# make demo   the same set-up, then a generated sample crawl (or PAGES=dir of .html)
# Fuzz targets named fuzz-* are run by `make test` for FUZZ_TIME seconds each
# (pass -max_total_time=$(FUZZ_TIME) to the fuzzer).
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

# ---- core unit tests: pure C, no server --------------------------------------
CORE_CC      ?= cc
CORE_CFLAGS  = -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Wall -Wextra -Wno-unused-parameter -Isrc/core $(XML2_CFLAGS)
CORE_TESTS   = $(patsubst test/core/%.c,build/core/%,$(wildcard test/core/test_*.c))

build/core/%: test/core/%.c $(CORE_SRCS) $(CORE_HDRS) test/core/check.h test/core/counting.h
	@mkdir -p build/core
	$(CORE_CC) $(CORE_CFLAGS) -fsanitize=address,undefined -fno-omit-frame-pointer -o $@ $< $(CORE_SRCS) $(XML2_LIBS) $(ZLIB_LIBS) -lm

.PHONY: core-check
core-check: $(CORE_TESTS)
	@set -e; for t in $(CORE_TESTS); do echo "== $$t"; ASAN_OPTIONS=detect_leaks=1 $$t; done

# ---- benchmark and quality on a folder of sites (bench/README.md); not a test --
# make bench [SITES=dir] [THRESHOLD=0.1]
.PHONY: bench
bench:
	@bash bench/run.sh $(if $(SITES),"$(SITES)")
	@bash bench/quality.sh -t $(or $(THRESHOLD),0.1) $(if $(SITES),"$(SITES)")

# ---- fuzz targets: clang + libFuzzer, built to build/fuzz/ ---------------------
# make fuzz-parse / fuzz-profile [FUZZ_TIME=s]; crashes as build/fuzz/crash-*.
# fuzz-parse: the page parser and renderers on arbitrary bytes and encodings.
FUZZ_CC     ?= clang
FUZZ_CFLAGS  = -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -fsanitize=fuzzer,address,undefined \
               -fno-sanitize-recover=undefined -fno-omit-frame-pointer -Isrc/core $(XML2_CFLAGS)

# fuzz-shingle: the near-duplicate signatures on arbitrary text bytes.
# fuzz-sandwich: the sandwich unit splitter, LCS and masked page on arbitrary bytes.
# fuzz-links: URL resolution and link extraction/ordering (base, href, page).
# fuzz-etdm: ETDM mapping and votes between two fuzzed pages.
# fuzz-profile: profile bytes and page scripts.  Each target's seeds are in
# test/fuzz/fuzz-NAME/, its growing corpus in build/fuzz/corpus-NAME/.
FUZZ_MAX_LEN_parse   = 65536
FUZZ_MAX_LEN_profile = 8192
FUZZ_MAX_LEN_shingle = 65536
FUZZ_MAX_LEN_sandwich = 65536
FUZZ_MAX_LEN_links   = 65536
FUZZ_MAX_LEN_etdm    = 65536
# fuzz-warc: the WARC reader on arbitrary bytes, plain or gzip (first byte: mode)
FUZZ_MAX_LEN_warc    = 65536

build/fuzz/fuzz_%: test/fuzz/fuzz_%.c $(CORE_SRCS) $(CORE_HDRS)
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< $(CORE_SRCS) $(XML2_LIBS) $(ZLIB_LIBS) -lm

.PHONY: fuzz-parse fuzz-profile fuzz-shingle fuzz-sandwich fuzz-links fuzz-etdm fuzz-warc
fuzz-parse fuzz-profile fuzz-shingle fuzz-sandwich fuzz-links fuzz-etdm fuzz-warc: fuzz-%: build/fuzz/fuzz_%
	@mkdir -p build/fuzz/corpus-$*
	ASAN_OPTIONS=detect_leaks=1 $< -max_total_time=$(FUZZ_TIME) \
		-max_len=$(FUZZ_MAX_LEN_$*) -timeout=10 -artifact_prefix=build/fuzz/ \
		build/fuzz/corpus-$* test/fuzz/fuzz-$*
