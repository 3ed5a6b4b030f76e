# curi -- build with nothing but a C compiler and make.
#
#   make                 static and shared library, the curi tool
#   make check           build and run every test (vectors, the header's binding block through
#                        cffi, CLI, install and uninstall into a temporary DESTDIR, fuzz corpus
#                        replay, API example, curi_extract over /usr/share/doc); the last line
#                        sums every suite: "make check: N passed, N failed (S suites)"
#   make check SAN=1     the same under AddressSanitizer + UndefinedBehaviorSanitizer (in build-san/)
#   (libidn2 is for the tests only: when pkg-config finds it, make check compares IDNA with it)
#   make install PREFIX=/usr/local [DESTDIR=...]   (also bash, zsh and fish completion, and
#                        the CMake package LIBDIR/cmake/curi: find_package(curi), curi::curi)
#   make check-cmake     a CMake project (tests/cmake-consumer) built against an installed prefix
#   make uninstall PREFIX=/usr/local [DESTDIR=...]   remove exactly what install wrote
#   make python          the Python package into build/python (bindings/python/python.mk:
#                        check-python, run by make check; check-dask; bench-python)
#   make amalgamation    libcuri as one file: build/amalgamation/curi.c and curi.h
#                        (tools/amalgamate.py; make check runs the vectors against it)
#   make bench           build build/curi-bench and run it over ../shared/data/urls/*.txt
#   make fuzz            libFuzzer targets (needs clang)
#   make coverage        branch coverage of src/ by the tests (gcov); coverage-check fails
#                        under 90% in total or 85% in a file of src/ (CI runs it)
#   make sqlite | postgresql | duckdb, make check-sqlite | check-postgresql | check-duckdb,
#   make bench-sql       curi in SQL engines (bindings/bindings.mk, docs/sql.md)
#   make web, serve-web, check-web   the URL inspector: libcuri in WebAssembly, a static page,
#                        tested in headless Chromium (web/web.mk)
#
# Sources are picked up by wildcard: a new src/*.c, src/schemes/*.c or src/lint/*.c joins the
# library, a new cli/*.c the tool; common/*.c (code the tool shares with the SQL bindings) joins
# the tool, and bindings/bindings.mk names the files the bindings take from it.

CC      ?= cc
AR      ?= ar
PREFIX  ?= /usr/local
LIBDIR  ?= $(PREFIX)/lib
INCDIR  ?= $(PREFIX)/include
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d

VERSION := 0.3.0
SOMAJOR := 0

ifeq ($(SAN),1)
B       ?= build-san
OPT     ?= -O1 -g -fno-omit-frame-pointer
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all
else
B       ?= build
OPT     ?= -O2 -g
SANFLAGS =
endif

# The warning list.  -Wconversion catches silent narrowing; -Wno-sign-conversion because
# every pointer difference would otherwise need a cast to size_t that says nothing.
WARN = -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion \
       -Wstrict-prototypes -Wmissing-prototypes -Wundef -Wwrite-strings \
       -Wcast-qual -Wpointer-arith -Wvla -Wformat=2 -Wimplicit-fallthrough
CSTD = -std=c11
ALL_CFLAGS = $(CSTD) $(OPT) $(WARN) $(SANFLAGS) -Iinclude $(CFLAGS)
ALL_LDFLAGS = $(SANFLAGS) $(LDFLAGS)

# IDNA (curi_host_to_ascii, the IDN flag of the IRI mappings) is libcuri's own (src/idn.c on
# src/uts46.c).  libidn2, the library it replaced, is for the tests only: when pkg-config finds
# it (IDN=0 says not to look), make check runs tests/idn2diff, which compares the two.
IDN ?= $(shell pkg-config --exists libidn2 2>/dev/null && echo 1 || echo 0)
ifeq ($(IDN),1)
IDN2_CFLAGS := $(shell pkg-config --cflags libidn2)
IDN2_LIBS   := $(shell pkg-config --libs libidn2)
endif
ifeq ($(MAKELEVEL),0)
$(info curi: IDNA: libcuri's own; compared with libidn2 by make check: $(if $(filter 1,$(IDN)),yes ($(IDN2_LIBS)),no (IDN=0 or no pkg-config libidn2)))
endif

LIB_SRC  := $(sort $(wildcard src/*.c src/schemes/*.c src/lint/*.c))
COMMON_SRC := $(sort $(wildcard common/*.c))
CLI_SRC  := $(sort $(wildcard cli/*.c)) $(COMMON_SRC)
TEST_SRC := $(sort $(wildcard tests/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(B)/obj/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(B)/obj/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(B)/obj/%.o)

STATIC := $(B)/libcuri.a
SHARED := $(B)/libcuri.so.$(VERSION)
TOOL   := $(B)/curi
VECRUN := $(B)/curi-test

.PHONY: all check install uninstall clean bench fuzz coverage
all: $(STATIC) $(SHARED) $(TOOL)

$(B)/obj/%.o: %.c include/curi.h $(wildcard src/*.h src/schemes/*.h src/lint/*.h cli/*.h common/*.h tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -c -o $@ $<

$(STATIC): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# Only the functions src/libcuri.map lists are exported, each under its version: curi__internal
# names stay hidden.  The shared library alone carries the 0.2.0 shapes of the functions
# 0.3.0 changed (src/compat/abi-0.2.c: name@CURI_0.2).
COMPAT_OBJ := $(B)/obj/src/compat/abi-0.2.o
$(SHARED): $(LIB_OBJ) $(COMPAT_OBJ) src/libcuri.map
	$(CC) -shared -Wl,-soname,libcuri.so.$(SOMAJOR) -Wl,--version-script=src/libcuri.map \
	    $(ALL_LDFLAGS) -o $@ $(LIB_OBJ) $(COMPAT_OBJ)
	ln -sf libcuri.so.$(VERSION) $(B)/libcuri.so.$(SOMAJOR)
	ln -sf libcuri.so.$(VERSION) $(B)/libcuri.so

# The tool runs --jobs N on POSIX threads.  It links libcuri.a, so that it runs from the build
# tree as it is; TOOL_LIB=$(SHARED) links libcuri.so.0 instead (the Debian package does, with
# LD_LIBRARY_PATH=$(B) for the build's own runs of the tool).
TOOL_LIB ?= $(STATIC)
$(CLI_OBJ): ALL_CFLAGS += -pthread -Icommon
$(TOOL): $(CLI_OBJ) $(TOOL_LIB)
	$(CC) $(ALL_LDFLAGS) -pthread -o $@ $(CLI_OBJ) $(TOOL_LIB)

$(VECRUN): $(TEST_OBJ) $(STATIC)
	$(CC) $(ALL_LDFLAGS) -o $@ $(TEST_OBJ) $(STATIC)

# The limits of curi.h (CURI_MAX_LEN, large inputs), tested.
$(B)/curi-limits: tests/limits/limits.c $(STATIC)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(STATIC)

# curi_extract over the machine's own text (tests/textprop/run.sh).
$(B)/curi-textprop: tests/textprop/textprop.c $(STATIC)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(STATIC)

# The 0.2.0 shapes kept in libcuri.so, called as a program linked against 0.2.0 would.
$(B)/curi-compat: tests/compat/compat.c include/curi.h
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< -ldl

# Published conformance data (tests/data/README.md): Unicode's IdnaTestV2.txt for UTS #46,
# web-platform-tests' urltestdata.json, toascii.json and setters_tests.json for the WHATWG URL
# parser and the URL API's setters.
$(B)/curi-conform: tests/conformance/conform.c $(STATIC)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(STATIC)

# The README's API example, compiled and run as a test.
$(B)/example: docs/example.c $(STATIC)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(STATIC)

FUZZ_REPLAY := $(B)/fuzz-replay
FUZZ_SRC := $(sort $(wildcard fuzz/*.c))

# The header's binding block (CURI_CDEF_BEGIN to CURI_CDEF_END) read by cffi, and the built
# shared library called through it (tools/check-cdef.py; SKIPPED without python3-cffi).  Under
# SAN=1 python is not instrumented: the compiler's sanitizer runtimes are preloaded so that
# the instrumented library loads, and python's own leaks are not reported.
CHECK_CDEF = /usr/bin/python3 tools/check-cdef.py $(B)/libcuri.so.$(SOMAJOR) include/curi.h
ifeq ($(SAN),1)
CHECK_CDEF := asan=$$($(CC) -print-file-name=libasan.so); ubsan=$$($(CC) -print-file-name=libubsan.so); \
	if [ -f "$$asan" ] && [ -f "$$ubsan" ]; then \
	    LD_PRELOAD="$$asan $$ubsan" ASAN_OPTIONS=detect_leaks=0 $(CHECK_CDEF); \
	else echo "check-cdef: no sanitizer runtime of $(CC) to preload into python: SKIPPED"; fi
endif

# make check runs the suites (check-suites) with their output also in $(B)/check.log, then
# ends with one line summing every suite's "N passed, N failed" (tools/check-summary.sh);
# its status is the suites' (a failed suite stops them, as before), or the summary's.
.PHONY: check-suites
check:
	@mkdir -p $(B)
	@{ $(MAKE) --no-print-directory check-suites; echo $$? >$(B)/check.status; } 2>&1 | \
	    tee $(B)/check.log
	@sh tools/check-summary.sh $(B)/check.log; s=$$?; st=$$(cat $(B)/check.status); \
	    [ "$$st" = 0 ] || exit "$$st"; exit $$s

check-suites: all $(VECRUN) $(B)/example $(B)/curi-limits $(B)/curi-textprop $(B)/curi-compat \
    $(B)/curi-conform $(B)/curi-test-amalg
	$(VECRUN) tests/vectors/*.vec
	$(B)/curi-limits
	$(B)/curi-conform idna tests/data/IdnaTestV2.txt
	$(B)/curi-conform idna-whatwg tests/data/IdnaTestV2.txt
	$(B)/curi-conform urltestdata tests/data/urltestdata.json
	$(B)/curi-conform toascii tests/data/toascii.json
	$(B)/curi-conform setters tests/data/setters_tests.json
	sh tests/textprop/run.sh $(B)/curi-textprop
	$(CHECK_CDEF)
	CURI=$(TOOL) sh tests/cli/run.sh tests/cli/*.t
	CURI=$(TOOL) sh tests/cli/build-roundtrip.sh
	CURI=$(TOOL) sh tests/cli/trurl-doc.sh docs/trurl.md
	CURI=$(TOOL) /usr/bin/python3 tools/check-url-diff-doc.py docs/url-diff.md
	CURI=$(TOOL) sh tests/cli/completion-zsh.sh
	CURI=$(TOOL) /usr/bin/python3 tools/check-options.py
	/usr/bin/python3 tools/gen_scheme_hash.py --check
	/usr/bin/python3 tools/gen_manref.py --check
	/usr/bin/python3 tools/gen_debsymbols.py --check
	$(B)/example
	sh tests/install.sh "$(MAKE)" $(B) "$(CC) $(SANFLAGS)"
	$(B)/curi-compat $(B)/libcuri.so.$(SOMAJOR)
	sh tools/check-exports.sh $(B)/libcuri.so.$(SOMAJOR)
	@if [ -n "$(FUZZ_SRC)" ]; then $(MAKE) --no-print-directory B=$(B) SAN=$(SAN) fuzz-replay; fi
	@$(MAKE) --no-print-directory B=$(B) SAN=$(SAN) check-amalgamation
	@$(MAKE) --no-print-directory B=$(B) SAN=$(SAN) check-python
	@$(MAKE) --no-print-directory B=$(B) SAN=$(SAN) check-idn2diff

# libidn2 against libcuri's IDNA2008 (tests/idn2diff/idn2diff.c says what it compares and
# which differences it accepts, each by name): SKIPPED without pkg-config libidn2.
.PHONY: check-idn2diff
$(B)/curi-idn2diff: tests/idn2diff/idn2diff.c $(STATIC)
	$(CC) $(ALL_CFLAGS) $(IDN2_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(STATIC) $(IDN2_LIBS)
ifeq ($(IDN),1)
check-idn2diff: $(B)/curi-idn2diff
	$(B)/curi-idn2diff tests/data/IdnaTestV2.txt $(wildcard ../shared/data/urls/*.txt)
else
check-idn2diff:
	@echo "check-idn2diff: SKIPPED: no pkg-config libidn2 (or IDN=0)"
endif

# Portability: the library and its vector suite built other ways (CI runs all three).
#   make check-nosimd    with -DCURI_NO_SIMD: the scalar scanners only (build-nosimd/)
#   make check-cross     big-endian: CROSS=s390x-linux-gnu (the default) compiled by clang for
#                        that target (Debian's binutils, libgcc and libc for it; gcc's own
#                        cross compiler cannot be installed beside gcc-multilib) and run
#                        under qemu-user (build-$(CROSS)/)
#   make check-tcc       by tcc, a compiler that is neither GCC nor clang (build-tcc/)
#   make check-m32       32-bit (i386, gcc -m32 from gcc-multilib): size_t is 32 bits, so
#                        the limits test's bounds and output limits are real (build-m32/)
CROSS ?= s390x-linux-gnu
QEMU  ?= qemu-$(firstword $(subst -, ,$(CROSS)))
.PHONY: check-nosimd check-cross check-tcc check-m32
check-nosimd:
	$(MAKE) --no-print-directory B=build-nosimd CFLAGS="$(CFLAGS) -DCURI_NO_SIMD" \
	    build-nosimd/curi-test build-nosimd/curi-limits
	@if nm build-nosimd/libcuri.a | grep -qi avx2; then \
	    echo "check-nosimd: AVX2 code in a -DCURI_NO_SIMD build"; exit 1; fi
	build-nosimd/curi-test tests/vectors/*.vec
	build-nosimd/curi-limits
check-cross:
	$(MAKE) --no-print-directory CC="clang --target=$(CROSS)" AR=$(CROSS)-ar B=build-$(CROSS) \
	    build-$(CROSS)/curi-test
	$(QEMU) -L /usr/$(CROSS) build-$(CROSS)/curi-test tests/vectors/*.vec
check-tcc:
	$(MAKE) --no-print-directory CC=tcc CFLAGS= B=build-tcc build-tcc/curi-test
	build-tcc/curi-test tests/vectors/*.vec
check-m32:
	$(MAKE) --no-print-directory B=build-m32 CFLAGS="$(CFLAGS) -m32" LDFLAGS="$(LDFLAGS) -m32" \
	    build-m32/curi-test build-m32/curi-limits
	build-m32/curi-test tests/vectors/*.vec
	build-m32/curi-limits

# Branch coverage of the library by the vectors and the limits test (gcc --coverage, gcov -b),
# in build-cov/.  coverage-check is the gate: it fails when the total is under 90% of the
# branches or a file of src/ under 85% (tools/coverage.sh --check; about 40 s of CPU).
.PHONY: coverage-check
coverage:
	sh tools/coverage.sh
coverage-check:
	sh tools/coverage.sh --check

# The ABI (abigail-tools): abi/libcuri.abi is the exported ABI of the last release (0.3.0),
# abi/libcuri-X.Y.Z.abi those of the releases before it that programs may still be linked
# against (0.2.0: its changed functions live on as name@CURI_0.2, src/compat/).
#   make abi-check    compare the built library with each: additions pass, any change that
#                     breaks a program built against one of them (a removed or changed
#                     function, a struct whose size or layout moved) fails; the opaque types of
#                     abi/opaque.suppr (declared in curi.h, never defined there) are not checked
#   make abi-update   rewrite abi/libcuri.abi, when a release changes the ABI on purpose (keep
#                     the previous file as abi/libcuri-X.Y.Z.abi when its programs must still run)
#                     and debian/libcuri0.symbols from it (tools/gen_debsymbols.py; make check
#                     fails while the two disagree)
ABIDW = abidw --no-corpus-path --no-show-locs --no-comp-dir-path
ABI_BASELINES := $(sort $(wildcard abi/libcuri*.abi))
.PHONY: abi-check abi-update
abi-check: $(SHARED)
	@for base in $(ABI_BASELINES); do \
	    if abidiff --no-added-syms --suppressions abi/opaque.suppr $$base $(SHARED); then \
	        echo "abi-check: $(SHARED) keeps the ABI of $$base (additions aside)"; \
	    else \
	        echo "abi-check: FAILED: $(SHARED) changes the ABI of $$base (see above)"; \
	        exit 1; \
	    fi; \
	done
abi-update: $(SHARED)
	$(ABIDW) $(SHARED) >abi/libcuri.abi
	/usr/bin/python3 tools/gen_debsymbols.py

# The amalgamation: libcuri as one C file and its header, $(B)/amalgamation/curi.c and curi.h
# (tools/amalgamate.py, over LIB_SRC in its order; the
# SIMD paths under the compiler macros the normal build has).  check-amalgamation, run by
# make check, compiles curi.c alone in its directory (no -I, no -D: C11, the warning list
# above, -Werror) and runs the vector suite linked against it instead of libcuri.a.
AMALG := $(B)/amalgamation
.PHONY: amalgamation check-amalgamation
amalgamation: $(AMALG)/curi.c
$(AMALG)/curi.c: tools/amalgamate.py include/curi.h $(LIB_SRC) \
    $(wildcard src/*.h src/schemes/*.h src/lint/*.h)
	/usr/bin/python3 tools/amalgamate.py $(AMALG) $(LIB_SRC)
$(AMALG)/curi.o: $(AMALG)/curi.c
	cd $(AMALG) && $(CC) $(CSTD) $(OPT) $(WARN) $(SANFLAGS) $(CFLAGS) -Werror -c -o curi.o curi.c
$(B)/curi-test-amalg: $(TEST_OBJ) $(AMALG)/curi.o
	$(CC) $(ALL_LDFLAGS) -o $@ $(TEST_OBJ) $(AMALG)/curi.o
check-amalgamation: $(B)/curi-test-amalg
	$(B)/curi-test-amalg tests/vectors/*.vec

-include fuzz/fuzz.mk
-include bench/bench.mk
-include bindings/bindings.mk
include web/web.mk
include bindings/python/python.mk

# libcuri(3)'s SYNOPSIS prototypes and its FUNCTIONS section are generated from curi.h's
# comments (tools/gen_manref.py says which comments it reads); make check fails when the page
# is not what the header gives, and make man rewrites it.
.PHONY: man
man:
	/usr/bin/python3 tools/gen_manref.py

# One man3 page per function declared in curi.h, a one-line ".so" link to libcuri(3), so that
# `man curi_parse` works.  The names come from the header, so a new function gets its page.
CURI_FUNCS := $(shell sh tools/list-functions.sh include/curi.h)
MAN3_LINKS := $(CURI_FUNCS:%=$(B)/man3/%.3)

$(MAN3_LINKS): include/curi.h
	@mkdir -p $(dir $@)
	@printf '.so man3/libcuri.3\n' >$@

# The shell completion scripts, written by the tool from its option table.
$(B)/completion/curi $(B)/completion/_curi $(B)/completion/curi.fish: $(TOOL)
	@mkdir -p $(B)/completion
	$(TOOL) completion bash >$(B)/completion/curi
	$(TOOL) completion zsh >$(B)/completion/_curi
	$(TOOL) completion fish >$(B)/completion/curi.fish

install: all $(MAN3_LINKS) $(B)/completion/curi $(B)/completion/_curi $(B)/completion/curi.fish
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCDIR) $(DESTDIR)$(BINDIR) \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(BASHCOMPDIR) \
	    $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 644 include/curi.h $(DESTDIR)$(INCDIR)/
	install -m 644 $(STATIC) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(SHARED) $(DESTDIR)$(LIBDIR)/
	ln -sf libcuri.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libcuri.so.$(SOMAJOR)
	ln -sf libcuri.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libcuri.so
	install -m 755 $(TOOL) $(DESTDIR)$(BINDIR)/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCDIR@|$(INCDIR)|' \
	    -e 's|@VERSION@|$(VERSION)|' libcuri.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/libcuri.pc
	install -m 644 docs/curi.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 docs/libcuri.3 $(MAN3_LINKS) $(DESTDIR)$(MANDIR)/man3/
	install -m 644 $(B)/completion/curi $(DESTDIR)$(BASHCOMPDIR)/curi
	install -m 644 $(B)/completion/_curi $(DESTDIR)$(ZSHCOMPDIR)/_curi
	install -m 644 $(B)/completion/curi.fish $(DESTDIR)$(FISHCOMPDIR)/curi.fish
	install -d $(DESTDIR)$(LIBDIR)/cmake/curi
	$(CMAKE_SED) cmake/curiConfig.cmake.in >$(DESTDIR)$(LIBDIR)/cmake/curi/curiConfig.cmake
	$(CMAKE_SED) cmake/curiConfigVersion.cmake.in \
	    >$(DESTDIR)$(LIBDIR)/cmake/curi/curiConfigVersion.cmake

# The CMake package (cmake/*.cmake.in, find_package(curi)): the config file finds the header
# from its own place in LIBDIR/cmake/curi, so it holds INCDIR relative to LIBDIR, not DESTDIR;
# the version file knows the pointer size the library was built for.
SIZEOF_POINTER_SED = s/^\#define __SIZEOF_POINTER__ //p
CMAKE_SED = sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@SOMAJOR@|$(SOMAJOR)|g' \
    -e 's|@VERSION_MAJOR@|$(word 1,$(subst ., ,$(VERSION)))|g' \
    -e 's|@VERSION_MINOR@|$(word 2,$(subst ., ,$(VERSION)))|g' \
    -e "s|@INCDIR_FROM_LIBDIR@|$$(realpath -m -s --relative-to=$(LIBDIR) $(INCDIR))|g" \
    -e "s|@SIZEOF_VOID_P@|$$($(CC) -dM -E - </dev/null | sed -n '$(SIZEOF_POINTER_SED)')|g"

# make check-cmake: a project that find_package(curi)s the installed prefix, configured with
# cmake, built and run (tests/cmake-consumer/; Debian: cmake).  Not part of make check.
.PHONY: check-cmake
check-cmake: all
	sh tests/cmake-consumer/run.sh "$(MAKE)" $(B) "$(CC)"

# The Debian packages (debian/; Debian: build-essential debhelper dh-python fakeroot lintian
# and the Build-Depends of debian/control), built from a copy of the files git knows (tracked,
# or new and not ignored) in $(B)/deb/curi-VERSION, so that dpkg-buildpackage writes its .debs
# into $(B)/deb and nothing into the parent of the checkout; lintian fails it on an error.
# check-deb unpacks them into a throw-away root and uses them there (tests/check-deb.sh).
# Neither is part of make check.
DEB_DIR = $(B)/deb
.PHONY: deb check-deb
deb:
	rm -rf $(DEB_DIR) && mkdir -p $(DEB_DIR)/curi-$(VERSION)
	git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | \
	    tar -xf - -C $(DEB_DIR)/curi-$(VERSION)
	cd $(DEB_DIR)/curi-$(VERSION) && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CFLAGS \
	    -u LDFLAGS -u CC dpkg-buildpackage -us -uc -b -j2
	rm -rf $(DEB_DIR)/curi-$(VERSION)
	lintian --fail-on error --info $(DEB_DIR)/curi_$(VERSION)_*.changes
check-deb:
	sh tests/check-deb.sh $(DEB_DIR) "$(CC)"

# The files install writes, and only those; directories stay, since others may share them.
uninstall:
	rm -f $(DESTDIR)$(INCDIR)/curi.h $(DESTDIR)$(LIBDIR)/libcuri.a \
	    $(DESTDIR)$(LIBDIR)/libcuri.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libcuri.so.$(SOMAJOR) \
	    $(DESTDIR)$(LIBDIR)/libcuri.so $(DESTDIR)$(LIBDIR)/pkgconfig/libcuri.pc \
	    $(DESTDIR)$(BINDIR)/curi $(DESTDIR)$(MANDIR)/man1/curi.1 $(DESTDIR)$(MANDIR)/man3/libcuri.3 \
	    $(CURI_FUNCS:%=$(DESTDIR)$(MANDIR)/man3/%.3) \
	    $(DESTDIR)$(BASHCOMPDIR)/curi $(DESTDIR)$(ZSHCOMPDIR)/_curi \
	    $(DESTDIR)$(FISHCOMPDIR)/curi.fish \
	    $(DESTDIR)$(LIBDIR)/cmake/curi/curiConfig.cmake \
	    $(DESTDIR)$(LIBDIR)/cmake/curi/curiConfigVersion.cmake

clean:
	rm -rf build build-san build-fuzz build-clang build-nosimd build-noidn build-tcc build-m32 build-cov build-deb build-$(CROSS)
