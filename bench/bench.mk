# bench/bench.mk -- the benchmark and the linearity check, included by the Makefile.
#
#   make bench        build $(B)/curi-bench and run it over ../shared/data/urls/*.txt,
#                     writing $(B)/bench.csv (BENCH_DATA=... and BENCH_ARGS=... override)
#   make bench-instr  instructions/URL of every runner under callgrind (bench/instr.sh),
#                     writing $(B)/instr.csv
#   make bench-guard  fail when a runner's instructions/URL grew by more than 3% over
#                     bench/baseline.csv (bench/guard.sh; run by .ci/run)
#   make bench-baseline  rewrite bench/baseline.csv, in a commit that says why
#   make bench-doc    docs/benchmarks.md from one run of curi-bench and bench/instr.sh over the
#                     data files, on the machine it names (bench/benchmarks-doc.sh; the
#                     prose is bench/benchmarks.md.in)
#   make bench-plot   draw $(B)/bench.csv as $(B)/benchmarks.svg with gnuplot (bench/plot.gp),
#                     and $(B)/instr.csv, when there, as $(B)/benchmarks-instr.svg
#   make bench-report both CSVs as one markdown table per file (bench/report.sh)
#   make bench-clean-web  curi-check beside curi-parse on the clean web URLs of the data
#                     files (issue 11's 3x target; bench/clean-web.sh)
#   make bench-iri    curi-iri-parse and curi-to-uri beside curi-parse on a file of real
#                     non-ASCII URLs (bench/iri-data.sh writes $(B)/iri-urls.txt) and on
#                     kasztp.txt (ASCII: the IRI flag's cost there)
#   make bench-idna   instructions/host of curi-idna (curi_host_to_ascii) and curi-uts46 under
#                     callgrind on the hosts of kasztp.txt (curi get --skip-invalid '{host}')
#                     and on the IDN names bench/idn-hosts.sh takes from IdnaTestV2.txt
#   make linearity    build $(B)/curi-linearity and time pathological inputs at n and 10n
#   make bench-extract  curi extract beside grep -oE and linkify-it (npm, when node is there)
#                     on ~190 MB of /usr/share/doc text and ~90 MB of URL-dense prose, with
#                     grep's time over curi's and the peak memory (bench/extract.sh)
#
# libcuri is the project's own $(STATIC), built with the project's flags ($(OPT), -O2 by
# default); the harness and the peers we compile (Boost.URL is header-only) get the same
# $(OPT), so nothing is tuned for the benchmark alone.  uriparser, libcurl and GLib are the
# distribution's prebuilt libraries.  A peer whose library is missing is left out of the
# build, never an error: curi-bench prints which ones are missing.

BENCH_DATA ?= $(wildcard ../shared/data/urls/*.txt)
BENCH_ARGS ?=
BENCH_CSV  ?= $(B)/bench.csv
BENCH_ICSV ?= $(B)/instr.csv
PKG_CONFIG ?= pkg-config

# Look for the peers only when a benchmark target is asked for, so that `make` and
# `make check` run no pkg-config at all.
BENCH_GOALS := bench bench-iri bench-idna bench-instr bench-guard bench-baseline bench-doc bench-plot bench-clean-web linearity %curi-bench %curi-linearity %/bench/bench.o
bench_pc = $(shell $(PKG_CONFIG) --exists $(1) 2>/dev/null && echo yes)
# -isystem instead of -I: the project's warning list is for our code, not their headers.
# The compiler's own directories stay out: naming them again breaks #include_next.
bench_pc_cflags = $(patsubst -I%,-isystem %,$(filter-out -I/usr/include -I/usr/include/%-linux-gnu,\
    $(shell $(PKG_CONFIG) --cflags $(1) 2>/dev/null)))

ifneq ($(filter $(BENCH_GOALS),$(MAKECMDGOALS)),)

BENCH_OBJ  := $(B)/obj/bench/bench.o
BENCH_DEFS :=
BENCH_LIBS :=
BENCH_MISSING :=
BENCH_LD    = $(CC)

ifeq ($(call bench_pc,liburiparser),yes)
BENCH_OBJ  += $(B)/obj/bench/peer_uriparser.o
BENCH_DEFS += -DBENCH_HAVE_URIPARSER
BENCH_LIBS += $(shell $(PKG_CONFIG) --libs liburiparser)
else
BENCH_MISSING += uriparser
endif

ifeq ($(call bench_pc,libcurl),yes)
BENCH_OBJ  += $(B)/obj/bench/peer_curl.o
BENCH_DEFS += -DBENCH_HAVE_CURL
BENCH_LIBS += $(shell $(PKG_CONFIG) --libs libcurl)
else
BENCH_MISSING += libcurl
endif

ifeq ($(call bench_pc,glib-2.0),yes)
BENCH_OBJ  += $(B)/obj/bench/peer_glib.o
BENCH_DEFS += -DBENCH_HAVE_GLIB
BENCH_LIBS += $(shell $(PKG_CONFIG) --libs glib-2.0)
else
BENCH_MISSING += glib-2.0
endif

# Boost.URL is header-only (boost/url/src.hpp): it needs the headers and a C++17 compiler.
# BENCH_BOOST=no leaves it out; BENCH_BOOST_DIR says where boost/url/src.hpp lives.
BENCH_BOOST ?= auto
BENCH_BOOST_DIR ?= /usr/include
ifneq ($(BENCH_BOOST),no)
ifneq ($(and $(wildcard $(BENCH_BOOST_DIR)/boost/url/src.hpp),$(shell command -v $(CXX) 2>/dev/null)),)
BENCH_OBJ  += $(B)/obj/bench/peer_boost.o
BENCH_DEFS += -DBENCH_HAVE_BOOST
BENCH_LD    = $(CXX)
else
BENCH_MISSING += boost-url
endif
else
BENCH_MISSING += boost-url
endif

# callgrind.h lets bench/instr.sh count instructions where perf_event_open cannot.
ifneq ($(wildcard /usr/include/valgrind/callgrind.h),)
BENCH_DEFS += -DBENCH_HAVE_CALLGRIND
endif

BENCH_DEFS += -DBENCH_FLAGS='"$(OPT)"' -DBENCH_MISSING='"$(strip $(BENCH_MISSING))"' \
              -DBENCH_NODE_SCRIPT='"bench/node_url.mjs"'

endif

BENCH_DEPS = bench/bench.h include/curi.h

$(B)/obj/bench/bench.o: bench/bench.c $(BENCH_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(BENCH_DEFS) -c -o $@ $<

$(B)/obj/bench/peer_uriparser.o: bench/peer_uriparser.c $(BENCH_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(call bench_pc_cflags,liburiparser) -c -o $@ $<

$(B)/obj/bench/peer_curl.o: bench/peer_curl.c $(BENCH_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(call bench_pc_cflags,libcurl) -c -o $@ $<

$(B)/obj/bench/peer_glib.o: bench/peer_glib.c $(BENCH_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(call bench_pc_cflags,glib-2.0) -c -o $@ $<

# The one C++ file: Boost.URL compiled with the project's $(OPT); NDEBUG as in a release
# build of Boost (its BOOST_ASSERTs are debugging aids, not part of what it costs).
$(B)/obj/bench/peer_boost.o: bench/peer_boost.cpp $(BENCH_DEPS)
	@mkdir -p $(dir $@)
	$(CXX) -std=c++17 $(OPT) -DNDEBUG -Wall -Wextra $(SANFLAGS) \
	    $(if $(filter-out /usr/include,$(BENCH_BOOST_DIR)),-isystem $(BENCH_BOOST_DIR)) \
	    $(CXXFLAGS) -c -o $@ $<

# libcuri.a is linked whole: bench.c and linearity.c refer to curi functions weakly (so a
# module still being written leaves its runner out), and a weak reference alone would not
# pull a member out of an archive.
BENCH_CURI = -Wl,--whole-archive $(STATIC) -Wl,--no-whole-archive

$(B)/curi-bench: $(BENCH_OBJ) $(STATIC)
	$(BENCH_LD) $(ALL_LDFLAGS) -o $@ $(BENCH_OBJ) $(BENCH_CURI) $(BENCH_LIBS)

$(B)/curi-linearity: $(B)/obj/bench/linearity.o $(STATIC)
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(BENCH_CURI)

$(B)/obj/bench/linearity.o: bench/linearity.c include/curi.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

.PHONY: bench bench-instr bench-plot bench-report bench-clean-web linearity bench-extract
bench-extract: $(TOOL)
	sh bench/extract.sh $(TOOL) $(BENCH_EXTRACT_MB)
BENCH_EXTRACT_MB ?= 190

bench: $(B)/curi-bench
	@if [ -z "$(BENCH_DATA)" ]; then \
	    echo "bench: no data files (../shared/data/urls/*.txt); set BENCH_DATA=..."; \
	else \
	    $(B)/curi-bench $(BENCH_ARGS) --csv $(BENCH_CSV) $(BENCH_DATA); \
	fi

bench-instr: $(B)/curi-bench
	sh bench/instr.sh --csv $(BENCH_ICSV) $(B)/curi-bench $(BENCH_DATA)

.PHONY: bench-guard bench-baseline
bench-guard: $(B)/curi-bench
	sh bench/guard.sh $(B)/curi-bench

bench-baseline: $(B)/curi-bench
	sh bench/guard.sh --update $(B)/curi-bench

.PHONY: bench-doc
bench-doc: $(B)/curi-bench
	sh bench/benchmarks-doc.sh $(B)

bench-plot:
	gnuplot -e "csv='$(BENCH_CSV)'; out='$(B)/benchmarks.svg'" bench/plot.gp
	if [ -f $(BENCH_ICSV) ]; then gnuplot -e "csv='$(BENCH_ICSV)'; out='$(B)/benchmarks-instr.svg'; \
	    col='instructions_per_url'" bench/plot.gp; fi

bench-report:
	@sh bench/report.sh $(BENCH_CSV) $(wildcard $(BENCH_ICSV))

bench-clean-web: $(B)/curi-bench $(TOOL)
	sh bench/clean-web.sh $(B) $(BENCH_DATA)

linearity: $(B)/curi-linearity
	$(B)/curi-linearity

# IRIs (issue 13): the IRI runners on real non-ASCII URLs and on an ASCII file.
.PHONY: bench-iri bench-idna
bench-idna: $(B)/curi-bench $(TOOL)
	$(TOOL) get --skip-invalid '{host}' < $(filter %kasztp.txt,$(BENCH_DATA)) | grep . \
	    > $(B)/kasztp-hosts.txt
	sh bench/idn-hosts.sh > $(B)/idn-hosts.txt
	sh bench/instr.sh --only curi-idna,curi-uts46 $(B)/curi-bench $(B)/kasztp-hosts.txt \
	    $(B)/idn-hosts.txt
bench-iri: $(B)/curi-bench $(TOOL)
	sh bench/iri-data.sh $(TOOL) > $(B)/iri-urls.txt
	$(B)/curi-bench --no-node --only curi-parse,curi-iri-parse,curi-to-uri $(BENCH_ARGS) \
	    $(B)/iri-urls.txt $(filter %kasztp.txt,$(BENCH_DATA))
