# The URL inspector (web/, README "The URL inspector"): libcuri compiled to WebAssembly with
# clang's wasm32-wasi target, Debian's wasi-libc as the C library and lld's wasm-ld as the
# linker (apt-get install wasi-libc; clang and lld are the project's compilers already), not
# emscripten: the library needs only malloc and string functions, so a reactor module with
# no imports and no generated JavaScript glue does, and the page's one script stays ours.
#   make web          build/web/: index.html, inspector.css, inspector.js, curi.wasm (its size
#                     printed)
#   make serve-web    serve build/web/ on http://127.0.0.1:$(WEB_PORT)/ (loopback only)
#   make check-web    headless Chromium (Debian's chromium, driven by the npm package
#                     puppeteer-core installed under build/npm/web, never committed) over the inputs
#                     of web/check-inputs.txt, each compared with the curi tool's JSON;
#                     screenshots in build/web/shots/; ends with "N passed, N failed"
# The library needs nothing but libc (its own UTS #46 and IDNA2008 convert hosts).
WEB       := build/web
# the inspector's C API and the common/ code it writes its JSON with
WEB_C     := web/curi_web.c common/buf.c common/json.c common/scheme_json.c common/urldiff.c
WEB_CC    ?= clang --target=wasm32-wasi
WEB_PORT  ?= 8329
WEB_SRC   := $(LIB_SRC) $(WEB_C)
WEB_OBJ   := $(WEB_SRC:%.c=$(WEB)/obj/%.o)
WEB_FILES := $(WEB)/index.html $(WEB)/inspector.css $(WEB)/inspector.js
WEB_CFLAGS = $(CSTD) -O2 $(WARN) -Iinclude -Icommon $(CFLAGS)
PUPPETEER_CORE := puppeteer-core@24.43.1

.PHONY: web serve-web check-web
web: $(WEB)/curi.wasm $(WEB_FILES)
	@echo "make web: $(WEB)/curi.wasm is $$(wc -c <$(WEB)/curi.wasm) bytes; the page is in $(WEB)/"

$(WEB)/obj/%.o: %.c include/curi.h $(wildcard src/*.h src/schemes/*.h src/lint/*.h common/*.h web/*.h)
	@mkdir -p $(dir $@)
	$(WEB_CC) $(WEB_CFLAGS) -c -o $@ $<

# A reactor (no main; _initialize runs the C library's constructors), stripped.
$(WEB)/curi.wasm: $(WEB_OBJ)
	$(WEB_CC) -mexec-model=reactor -Wl,--strip-all -o $@ $(WEB_OBJ)

$(WEB_FILES): $(WEB)/%: web/%
	@mkdir -p $(WEB)
	cp $< $@

serve-web: web
	@echo "serve-web: http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C ends it)"
	cd $(WEB) && /usr/bin/python3 -m http.server --bind 127.0.0.1 $(WEB_PORT)

check-web: web $(TOOL)
	@test -d build/npm/web/node_modules/puppeteer-core || \
	    npm install --no-save --no-audit --no-fund --prefix build/npm/web $(PUPPETEER_CORE) >/dev/null
	CURI=$(TOOL) NODE_PATH=build/npm/web/node_modules node web/check-web.js $(WEB) web/check-inputs.txt

# fuzz/fuzz_web.c (cw_inspect, cw_escape) links the inspector's C API natively: the libFuzzer
# build (fuzz/fuzz.mk's flags) and the replay that make check runs.
$(B)/obj/web/curi_web.o: ALL_CFLAGS += -Icommon
$(B)/obj/web/curi_web.o $(B)/obj/fuzz/fuzz_web.o $(FUZZ_B)/obj/web/curi_web.o: web/curi_web.h
$(B)/fuzz-replay-web: $(B)/obj/fuzz/fuzz_web.o $(B)/obj/fuzz/util.o $(B)/obj/fuzz/replay.o \
                      $(WEB_C:%.c=$(B)/obj/%.o) $(STATIC)
	$(CC) $(ALL_LDFLAGS) -o $@ $^
$(FUZZ_B)/fuzz_web: $(FUZZ_B)/obj/fuzz/fuzz_web.o $(FUZZ_B)/obj/fuzz/util.o \
                    $(WEB_C:%.c=$(FUZZ_B)/obj/%.o) $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $^
