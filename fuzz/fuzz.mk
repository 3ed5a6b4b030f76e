# fuzz/fuzz.mk -- fuzzing targets, included by the Makefile.
#
#   make fuzz          every libFuzzer target in build-fuzz/ (clang, -fsanitize=fuzzer,address,
#                      undefined), the library compiled from source with the same sanitizers
#   make fuzz-replay   every target built with $(CC) and the Makefile's flags plus fuzz/replay.c
#                      (no libFuzzer needed), run over fuzz/corpus/<t>/ and fuzz/regress/<t>/;
#                      `make check` runs it
#   make fuzz-diff     build-fuzz/diff_uriparser (line mode: diff_uriparser FILE...) and
#                      build-fuzz/fuzz_diff_uriparser (libFuzzer), against -luriparser
#   sh fuzz/ci.sh      `make fuzz`, then each target for a bounded time
#
# A target is fuzz/fuzz_NAME.c (one libFuzzer entry point each); fuzz/util.c is shared.

FUZZ_CC    ?= clang
FUZZ_B     ?= build-fuzz
FUZZ_SAN    = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS = $(CSTD) -g -O1 -fno-omit-frame-pointer $(WARN) -Iinclude -Ifuzz -Icommon
FUZZ_TARGETS := $(patsubst fuzz/fuzz_%.c,%,$(sort $(wildcard fuzz/fuzz_*.c)))
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(FUZZ_B)/obj/%.o)
FUZZ_CLI_SRC := $(filter-out cli/main.c,$(CLI_SRC))
FUZZ_CLI_OBJ := $(FUZZ_CLI_SRC:%.c=$(FUZZ_B)/obj/%.o) $(FUZZ_B)/obj/cli/main.o
FUZZ_HDRS := include/curi.h fuzz/util.h $(wildcard src/*.h src/schemes/*.h src/lint/*.h cli/*.h common/*.h)

.PHONY: fuzz fuzz-replay fuzz-diff

fuzz: $(FUZZ_TARGETS:%=$(FUZZ_B)/fuzz_%)

# The library and the CLI with coverage instrumentation for libFuzzer and the same sanitizers.
$(FUZZ_B)/obj/%.o: %.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_SAN) -c -o $@ $<

# The CLI's main() is renamed so that libFuzzer's main() stays the program's.
$(FUZZ_B)/obj/cli/main.o: cli/main.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_SAN) -Wno-missing-prototypes \
	    -Dmain=curi_cli_main \
	    -c -o $@ $<

# The CLI target links the tool's code; the others only the library.
$(FUZZ_B)/fuzz_cli: $(FUZZ_B)/obj/fuzz/fuzz_cli.o $(FUZZ_B)/obj/fuzz/util.o $(FUZZ_CLI_OBJ) \
                    $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -pthread -o $@ $^

# The open target links curi open's argv builder, which needs only curi.h (cli/open.h) and
# common/buf.c.
$(FUZZ_B)/fuzz_open: $(FUZZ_B)/obj/fuzz/fuzz_open.o $(FUZZ_B)/obj/fuzz/util.o \
                     $(FUZZ_B)/obj/cli/open_table.o $(FUZZ_B)/obj/common/buf.o $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $^

$(FUZZ_B)/fuzz_%: $(FUZZ_B)/obj/fuzz/fuzz_%.o $(FUZZ_B)/obj/fuzz/util.o $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $^

# Replay: the same targets with the Makefile's compiler and flags, and fuzz/replay.c as main().
FUZZ_REPLAY_BINS := $(FUZZ_TARGETS:%=$(B)/fuzz-replay-%)
FUZZ_REPLAY_CLI_OBJ := $(filter-out $(B)/obj/cli/main.o,$(CLI_OBJ)) $(B)/obj/fuzz/cli_main.o

$(B)/obj/fuzz/util.o $(B)/obj/fuzz/replay.o $(FUZZ_TARGETS:%=$(B)/obj/fuzz/fuzz_%.o): fuzz/util.h

$(B)/obj/fuzz/cli_main.o: cli/main.c include/curi.h $(wildcard cli/*.h common/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -pthread -Icommon -Wno-missing-prototypes -Dmain=curi_cli_main -c -o $@ $<

$(B)/fuzz-replay-cli: $(B)/obj/fuzz/fuzz_cli.o $(B)/obj/fuzz/util.o $(B)/obj/fuzz/replay.o \
                      $(FUZZ_REPLAY_CLI_OBJ) $(STATIC)
	$(CC) $(ALL_LDFLAGS) -pthread -o $@ $^

$(B)/fuzz-replay-open: $(B)/obj/fuzz/fuzz_open.o $(B)/obj/fuzz/util.o $(B)/obj/fuzz/replay.o \
                       $(B)/obj/cli/open_table.o $(B)/obj/common/buf.o $(STATIC)
	$(CC) $(ALL_LDFLAGS) -o $@ $^

$(B)/fuzz-replay-%: $(B)/obj/fuzz/fuzz_%.o $(B)/obj/fuzz/util.o $(B)/obj/fuzz/replay.o $(STATIC)
	$(CC) $(ALL_LDFLAGS) -o $@ $^

fuzz-replay: $(FUZZ_REPLAY_BINS)
	@pass=0; fail=0; \
	for t in $(FUZZ_TARGETS); do \
	    if $(B)/fuzz-replay-$$t fuzz/corpus/$$t fuzz/regress/$$t; then \
	        pass=$$((pass + 1)); else fail=$$((fail + 1)); fi; \
	done; \
	echo "fuzz-replay: $$pass targets passed, $$fail failed"; \
	test $$fail -eq 0

# Differential testing against uriparser (Debian liburiparser-dev).
fuzz-diff: $(FUZZ_B)/diff_uriparser $(FUZZ_B)/fuzz_diff_uriparser

$(FUZZ_B)/diff_uriparser: fuzz/diff_uriparser.c $(FUZZ_B)/obj/fuzz/util.o $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_SAN) -DDIFF_MAIN -o $@ $^ \
	    -luriparser

$(FUZZ_B)/fuzz_diff_uriparser: fuzz/diff_uriparser.c $(FUZZ_B)/obj/fuzz/util.o $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $^ -luriparser
