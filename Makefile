# LiveStudio: `make run` (the demo) and `make test` set everything up on a fresh Debian machine.
SWIFT        ?= swift
CONFIG       ?= debug
SWIFT_FLAGS  ?=
STUDIO_ARGS  ?=
# What the project needs from Debian: SDL2 and its ttf/image libraries, pkg-config to find
# them, Xvfb for window tests on machines without a display, xdotool to drive those windows
# with real X input, and the fonts a live room's text needs: DejaVu (Latin), Noto CJK, Noto
# Sans for Arabic, Hebrew, Thai, Devanagari and symbols, and Noto Color Emoji; Chromium and
# its driver for the tests that open pages in a real browser; zlib and brotli for the live
# protocol's compressed batches; python3 with venv for the tests' own Python environment.
APT_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev pkg-config xvfb xauth xdotool \
                fonts-dejavu-core fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji python3 python3-venv \
                chromium chromium-driver \
                libavformat-dev libavcodec-dev libavfilter-dev libswscale-dev libavutil-dev ffmpeg \
                zlib1g-dev libbrotli-dev
# The Python tools the tests drive (Selenium, blivedm) live in the project's own virtual
# environment, made from whichever python3 comes first on PATH: Debian's python3-selenium is
# importable only by Debian's /usr/bin/python3, and on many machines (pyenv, conda, a
# distribution's newer Python) that is not the python3 a user runs. The tests run VENV's
# python3, so what they import is exactly what Tests/Tools/requirements.txt pins.
VENV         := .venv
PYTHON       := $(CURDIR)/$(VENV)/bin/python3
TEST_TOOLS   := Tests/Tools/requirements.txt
PEER_TOOLS   := Benchmarks/peers/requirements.txt
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN_DIR       = $(shell $(SWIFT) build -c $(CONFIG) $(SWIFT_FLAGS) --show-bin-path)

.PHONY: all deps python-tools build run example example-tree install uninstall review api-check events test-tsan soak-tsan run-video clips headless test test-sanitized fuzz clean snapshots goldens-identical bench bench-peers bench-files bench-live docs format format-check

all: build

## deps: install the Debian packages when pkg-config, xvfb-run, xdotool, python3's venv or the
## fonts are missing, then the tests' Python tools into .venv when its pins have changed.
deps:
	@if pkg-config --exists sdl2 SDL2_ttf SDL2_image libavformat libavcodec libavfilter libswscale libavutil \
	      zlib libbrotlidec libbrotlienc \
	    && command -v ffmpeg >/dev/null \
	    && command -v xvfb-run >/dev/null \
	    && command -v xdotool >/dev/null \
	    && command -v chromium >/dev/null \
	    && command -v chromedriver >/dev/null \
	    && python3 -c 'import venv, ensurepip' 2>/dev/null \
	    && [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] \
	    && [ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] \
	    && [ -f /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ] \
	    && [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; then \
	  echo "deps: SDL2, SDL2_ttf, SDL2_image, FFmpeg, zlib, brotli, Xvfb, xdotool, python3 with venv, Chromium, chromedriver and fonts are installed"; \
	else \
	  echo "deps: installing $(APT_PACKAGES)"; \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $(APT_PACKAGES); \
	fi
	@$(MAKE) --no-print-directory python-tools REQUIREMENTS=$(TEST_TOOLS)

## python-tools: make .venv from the python3 first on PATH (again when that interpreter has
## gone), then pip-install REQUIREMENTS into it unless the same pins are already there. When
## the registry refuses the tests' pins, .venv/refused-Tools.txt says so: the tests that need
## them are then skipped with pip's reason, and fail (saying to run make deps) when nothing
## was tried.
python-tools:
	@$(VENV)/bin/python3 -c '' 2>/dev/null || { \
	  echo "deps: making $(VENV) with $$(command -v python3) ($$(python3 --version 2>&1))"; rm -rf $(VENV); \
	  python3 -m venv $(VENV) || { rm -rf $(VENV); echo "deps: python3 -m venv failed; install python3-venv (apt-get install python3-venv)"; exit 1; }; }
	@name=$$(basename $$(dirname $(REQUIREMENTS))); stamp=$(VENV)/installed-$$name.txt; \
	cmp -s $(REQUIREMENTS) $$stamp || { \
	  echo "deps: installing $$(grep -v '^#' $(REQUIREMENTS) | tr '\n' ' ')into $(VENV)"; \
	  if $(VENV)/bin/python3 -m pip install --quiet --disable-pip-version-check -r $(REQUIREMENTS) 2>$(VENV)/pip.log; then \
	    cp $(REQUIREMENTS) $$stamp; rm -f $(VENV)/refused-$$name.txt; \
	  else \
	    { echo "pip could not install $(REQUIREMENTS):"; grep -E '^ERROR' $(VENV)/pip.log | head -3; } | tee $(VENV)/refused-$$name.txt; \
	  fi; }

## build: compile everything (debug unless CONFIG=release).
build: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFT_FLAGS)

## run: the desktop demo in a window (says what to do instead when there is no display).
run: build
	$(BIN_DIR)/studio run $(STUDIO_ARGS)

## install: the release studio in PREFIX/bin and its Assets in PREFIX/share/livestudio/Assets,
## where an installed studio looks for them; uninstall removes both.
PREFIX ?= /usr/local
install: deps
	$(SWIFT) build -c release --product studio $(SWIFT_FLAGS)
	@bin="$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)"; \
	  install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/livestudio" \
	  && install -m 755 "$$bin/studio" "$(DESTDIR)$(PREFIX)/bin/studio" \
	  && rm -rf "$(DESTDIR)$(PREFIX)/share/livestudio/Assets" \
	  && cp -R "$$bin/LiveStudio_StudioAssets.resources" "$(DESTDIR)$(PREFIX)/share/livestudio/Assets" \
	  && echo "install: $(DESTDIR)$(PREFIX)/bin/studio, with its Assets in $(DESTDIR)$(PREFIX)/share/livestudio/Assets"
uninstall:
	rm -rf "$(DESTDIR)$(PREFIX)/bin/studio" "$(DESTDIR)$(PREFIX)/share/livestudio"

## headless: the demo without a window, 600 frames, screenshot to out/headless.png.
headless: build
	@mkdir -p out
	$(BIN_DIR)/studio run --headless --frames 600 --screenshot out/headless.png --stats $(STUDIO_ARGS)

## test: every test, headless; the window smoke test runs the demo under xvfb-run. Then the
## example package, outside the checkout, as another project builds LiveStudio.
## The example is built beside the package's tests, on the CPU time they leave idle, and
## tested after them (scripts/test.sh).
test: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFT_FLAGS)
	@$(MAKE) --no-print-directory example-tree
	@scripts/test.sh "$(EXAMPLE_DIR)" $(SWIFT) $(CONFIG) $(SWIFT_FLAGS)

## review: the review page of the goldens the last test run failed (studio review), from
## what that run kept in artifacts/, however it was run.
review: build
	$(BIN_DIR)/studio review

## events: the event catalogue read from the code (Tests/Tools/event_catalog.py): docs/EVENTS.md
## and the DevTools page's copy. A test fails when they are stale, or when a key is published and
## never heard (or heard and never published) without saying why in its doc comment.
events:
	python3 Tests/Tools/event_catalog.py

## api-check: the public API of every library product against the release .api-baseline
## names, with swift package diagnose-api-breaking-changes (it builds that release too, so
## it is not part of test). A break the CHANGELOG announces goes in .api-breakage-allowlist.
api-check:
	SWIFT=$(SWIFT) scripts/api-check.sh

## example: Examples/LuckyWheel copied to a folder outside the checkout (one per checkout, so
## its build is kept between runs), depending on this checkout by its absolute path, built and
## tested with LIVESTUDIO_ASSETS unset. Inside the checkout, the executable's walk up to the
## checkout would find the Assets and hide a package that does not ship them. The example's
## files that are also DocC snippets are links into Snippets/; the copy holds their text.
EXAMPLE_DIR ?= $(or $(TMPDIR),/tmp)/livestudio-example-$(shell printf %s "$(CURDIR)" | cksum | cut -d' ' -f1)
example: example-tree
	@echo "example: testing Examples/LuckyWheel in $(EXAMPLE_DIR), depending on $(CURDIR)"
	cd "$(EXAMPLE_DIR)" && env -u LIVESTUDIO_ASSETS $(SWIFT) test -c $(CONFIG) $(SWIFT_FLAGS)

## example-tree: the example's copy, ready to build.
example-tree:
	@mkdir -p "$(EXAMPLE_DIR)" && cd "$(EXAMPLE_DIR)" && rm -rf Package.swift Sources Tests Scenarios
	@tar -C Examples/LuckyWheel --exclude=.build -chf - . | tar -C "$(EXAMPLE_DIR)" -xf -
	@sed -i 's|path: "\.\./\.\."|path: "$(CURDIR)"|' "$(EXAMPLE_DIR)/Package.swift"
	@grep -q 'path: "$(CURDIR)"' "$(EXAMPLE_DIR)/Package.swift" \
	  || { echo "example: Examples/LuckyWheel/Package.swift no longer names LiveStudio by path: \"../..\""; exit 1; }

## test-sanitized: every test under AddressSanitizer, in its own build folder (slow: see README,
## Fuzzing; not part of test). swiftc refuses -sanitize=undefined for Linux targets, and the
## package has no C code of its own to build with it (CSDL2 only maps SDL's headers).
## Leak reports are off: at exit LeakSanitizer lists what XCTest and libdbus keep, and makes the
## window test's studio exit 1; `make test-sanitized ASAN_OPTIONS=` shows them.
ASAN_OPTIONS ?= detect_leaks=0
test-sanitized: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan $(SWIFT_FLAGS)
	ASAN_OPTIONS=$(ASAN_OPTIONS) $(SWIFT) test --sanitize=address --scratch-path .build-asan $(SWIFT_FLAGS)

## test-tsan: the threaded suites under ThreadSanitizer, in their own build folder (slow: see
## README, Testing; not part of test): the rasterizer's bands, video decoding and recording, the
## feed and the inbox, the live server and client, and DevTools. A data race fails the run
## (TSan exits 66 after reporting); TSAN_OPTIONS=halt_on_error=1 stops at the first.
## Passed over: five tests that time a real-time room (a reconnect's backoff, a client that never
## reads filling its queue, DevTools under a flood, its log's replay and the window's pointer
## named in its snapshot), whose deadlines
## ThreadSanitizer's slowdown breaks; their threads are the same as the suites' that run, and
## make test runs them.
## The feed's suites are named by `.…Feed`, so that the name of the StudioFeedTests target (all
## of the scenario parser's tests, none threaded) does not bring them in.
TSAN_FILTER ?= BandDeterminism|DeterminismTests|StudioVideoTests|StudioLiveTests|LiveServe|DevTools|Recording|\.[A-Za-z]*Feed|Inbox|Tracer
TSAN_SKIP   ?= reconnectsAfterARestart|clientThatNeverReads|DevToolsFloodTests|logReplays|hoverInTheWindow
test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan $(SWIFT_FLAGS) --filter '$(TSAN_FILTER)' --skip '$(TSAN_SKIP)'

## soak-tsan: the window room with video, --live from studio serve, the DevTools page and F6
## at once, for SOAK_SECONDS, both processes a release build under ThreadSanitizer (see README,
## Testing); fails on any report.
SOAK_SECONDS ?= 600
soak-tsan: deps clips
	$(SWIFT) build -c release --sanitize=thread --scratch-path .build-tsan --product studio $(SWIFT_FLAGS)
	Tests/Tools/tsan_soak.sh $(SOAK_SECONDS) .build-tsan/release/studio $(PYTHON)

## fuzz: the long fuzzing pass, release build: FUZZ_ITERATIONS inputs across every kind from
## FUZZ_SEED; findings are saved under out/fuzz/findings (see README, Fuzzing).
FUZZ_SEED       ?= 1
FUZZ_ITERATIONS ?= 100000
FUZZ_ARGS       ?=
fuzz: deps
	$(SWIFT) build -c release --product studio-fuzz $(SWIFT_FLAGS)
	"$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/studio-fuzz" --seed $(FUZZ_SEED) \
	  --iterations $(FUZZ_ITERATIONS) --out out/fuzz $(FUZZ_ARGS)

## bench: the microbenchmarks (package-benchmark, its own package in Benchmarks/; not part of test).
bench:
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

## bench-peers: the danmaku scene in LiveStudio, LÖVE 11.4 (canvas draws and a SpriteBatch), C on SDL2's
## own renderer (software and OpenGL) and Godot 3 (Sprite nodes), all under xvfb-run: one table of the
## largest N at p90 <= 16.7 ms, LiveStudio's ratio to each, and the machine's blend limit; then
## bench-files and bench-live.
PEER_PACKAGES := love godot3 jq
bench-peers: deps
	@command -v love >/dev/null && command -v godot3 >/dev/null && command -v jq >/dev/null \
	  || { echo "bench-peers: installing $(PEER_PACKAGES)"; $(SUDO) apt-get update \
	       && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $(PEER_PACKAGES); }
	$(SWIFT) build -c release --product studio $(SWIFT_FLAGS)
	Benchmarks/peers/run-peers.sh "$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/studio"
	$(MAKE) --no-print-directory bench-files
	$(MAKE) --no-print-directory bench-live

## bench-files: a video's danmaku file of 500,000 and 5,000,000 lines loaded by LiveStudio (as
## --feed-file loads it), by Python's iterparse and by biliass (PyPI, installed when missing): one
## table of seconds, lines a second and peak resident memory.
bench-files: deps
	@$(MAKE) --no-print-directory python-tools REQUIREMENTS=$(PEER_TOOLS)
	$(SWIFT) build -c release --product studio $(SWIFT_FLAGS)
	PYTHON=$(PYTHON) Benchmarks/peers/feed-file/run-files.sh "$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/studio"

## bench-live: LiveStudio's live server (in one process with its clients, and as studio serve) and
## a Python peer on aiohttp serve the same burst (10,000 danmaku a second) to the same 10 clients
## for 20 s: one table of messages a second per client, lag and the server's memory.
bench-live: deps
	@$(MAKE) --no-print-directory python-tools REQUIREMENTS=$(PEER_TOOLS)
	$(SWIFT) build -c release --product studio $(SWIFT_FLAGS)
	PYTHON=$(PYTHON) Benchmarks/peers/live-server/run-live.sh "$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/studio"

## snapshots: re-record every golden (Tests/GoldenTests/__Snapshots__), then check them.
snapshots: deps
	-SNAPSHOT_RECORD=1 $(SWIFT) test -c $(CONFIG) $(SWIFT_FLAGS) --filter GoldenTests
	$(SWIFT) test -c $(CONFIG) $(SWIFT_FLAGS) --filter GoldenTests

## clips: the demo videos, made by ffmpeg from its test sources (nothing large is committed):
## 20 s of testsrc2 at 720x1280, 30 fps, with a disc moving over it, H.264; and the PK
## opponent's, 20 s of smptebars with a square moving over it.
DEMO_CLIP := out/clips/demo.mp4
OPPONENT_CLIP := out/clips/opponent.mp4
clips: $(DEMO_CLIP) $(OPPONENT_CLIP)
$(DEMO_CLIP): | deps
	mkdir -p $(dir $@)
	ffmpeg -v error -y -nostdin -f lavfi -i "testsrc2=size=720x1280:rate=30:duration=20" \
	  -f lavfi -i "color=c=0xff2d55:size=160x160:rate=30,format=yuva420p,geq=lum='p(X,Y)':a='if(lt(hypot(X-80,Y-80),80),255,0)'" \
	  -filter_complex "[0][1]overlay=x='(W-w)/2+240*sin(t*1.3)':y='(H-h)/2+420*cos(t*0.9)':shortest=1" \
	  -c:v libx264 -preset veryfast -pix_fmt yuv420p -g 60 $@.partial.mp4
	mv $@.partial.mp4 $@
$(OPPONENT_CLIP): | deps
	mkdir -p $(dir $@)
	ffmpeg -v error -y -nostdin -f lavfi -i "smptebars=size=720x1280:rate=30:duration=20" \
	  -f lavfi -i "color=c=0x2f7bff:size=140x140:rate=30" \
	  -filter_complex "[0][1]overlay=x='(W-w)/2+220*cos(t*1.1)':y='(H-h)/2+380*sin(t*0.7)':shortest=1" \
	  -c:v libx264 -preset veryfast -pix_fmt yuv420p -g 60 $@.partial.mp4
	mv $@.partial.mp4 $@

## Lossless clips for byte-identical video goldens, made as the tests make theirs
## (StudioTesting's TestClips): FFV1 keeps ffmpeg's generated pixels exactly.
GOLDEN_CLIPS := out/clips/testsrc2.mkv out/clips/smptebars.mkv
out/clips/testsrc2.mkv: | deps
	mkdir -p $(dir $@)
	ffmpeg -v error -y -nostdin -f lavfi -i "testsrc2=size=360x640:rate=30:duration=1" -pix_fmt bgra -c:v ffv1 $@
out/clips/smptebars.mkv: | deps
	mkdir -p $(dir $@)
	ffmpeg -v error -y -nostdin -f lavfi -i "smptebars=size=320x180:rate=30:duration=1" -pix_fmt bgra -c:v ffv1 $@

## run-video: the demo in a window, every room's displayer playing the demo clip, and the PK
## room's opponent half the opponent's.
run-video: build clips
	$(BIN_DIR)/studio run --video $(DEMO_CLIP) --opponent-video $(OPPONENT_CLIP)

## goldens-identical: every golden scene rendered by a debug and a release `studio snapshot`
## must be the same bytes (and the same as the recorded golden); so must a room of every script
## and emoji, one playing the demo recording, and rooms playing real (lossless) video; one
## scene rendered 20 times too.
GOLDEN_KINDS := host audience shopping hostsLoop pk financial coStream playback quiz claw
GOLDEN_DIR   := Tests/GoldenTests/__Snapshots__
goldens-identical: deps $(GOLDEN_CLIPS)
	$(SWIFT) build -c debug $(SWIFT_FLAGS)
	$(SWIFT) build -c release $(SWIFT_FLAGS)
	@rm -rf out/goldens && mkdir -p out/goldens/debug out/goldens/release
	@set -e; D=$$($(SWIFT) build -c debug $(SWIFT_FLAGS) --show-bin-path)/studio; \
	R=$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/studio; n=0; \
	shot() { name=$$1; shift; $$D snapshot "$$@" --out out/goldens/debug/$$name.png; \
	  $$R snapshot "$$@" --out out/goldens/release/$$name.png; \
	  cmp out/goldens/debug/$$name.png out/goldens/release/$$name.png; n=$$((n+1)); }; \
	for k in $(GOLDEN_KINDS); do shot $$k-normal --kind $$k; shot $$k-lite --kind $$k --mode lite; \
	  cmp out/goldens/debug/$$k-normal.png $(GOLDEN_DIR)/StudioGoldenTests/testEveryStudioKindLooksAsRecordedInNormalMode.$$k-normal.png; \
	  cmp out/goldens/debug/$$k-lite.png $(GOLDEN_DIR)/StudioGoldenTests/testEveryStudioKindLooksAsRecordedInLiteMode.$$k-lite.png; done; \
	for l in background displayer movable lite float; do shot audience-$$l --kind audience --layer $$l; \
	  cmp out/goldens/debug/audience-$$l.png $(GOLDEN_DIR)/LayerGoldenTests/testEachLayerOfTheAudienceStudioAloneLooksAsRecorded.audience-$$l.png; done; \
	shot audience-exploded --kind audience --exploded; \
	shot mixed-scripts --kind audience --scenario Tests/Fixtures/Text/mixed-scripts.jsonl --frames 132; \
	shot demo-recording --kind audience --feed-file Assets/danmaku/demo-recording.xml --at-time 30; \
	cmp out/goldens/debug/audience-exploded.png $(GOLDEN_DIR)/LayerGoldenTests/testTheExplodedViewOfTheAudienceStudioLooksAsRecorded.audience-exploded.png; \
	shot audience-video --kind audience --video out/clips/testsrc2.mkv --frames 30; \
	cmp out/goldens/debug/audience-video.png $(GOLDEN_DIR)/VideoGoldenTests/testAudienceRoomPlayingAVideoLooksAsRecorded.audience-video.png; \
	shot pk-video --kind pk --video out/clips/testsrc2.mkv --opponent-video out/clips/smptebars.mkv --frames 30; \
	cmp out/goldens/debug/pk-video.png $(GOLDEN_DIR)/VideoGoldenTests/testPKRoomPlayingTwoStreamsLooksAsRecorded.pk-video.png; \
	shot pk-video-landscape --kind pk --mode landscape --video out/clips/testsrc2.mkv --opponent-video out/clips/smptebars.mkv --at-time 0.75; \
	shot audience-video-lite --kind audience --mode lite --video out/clips/testsrc2.mkv --at-time 0.5; \
	echo "goldens-identical: $$n scenes: debug == release == recorded golden, byte for byte"; \
	for i in $$(seq 1 20); do $$D snapshot --kind pk --out out/goldens/repeat-$$i.png; \
	  cmp out/goldens/repeat-1.png out/goldens/repeat-$$i.png; done; \
	echo "goldens-identical: pk rendered 20 times: 20 identical files ($$(sha256sum out/goldens/repeat-1.png | cut -c1-16))"

## docs: the DocC documentation of the Studios module (its articles are in
## Sources/Studios/Studios.docc) as a static site in docs/api (not part of test).
docs:
	$(SWIFT) package --allow-writing-to-directory docs/api generate-documentation --target Studios \
	  --output-path docs/api --transform-for-static-hosting --disable-indexing

## format: apply the formatter (swift-format, shipped with the Swift toolchain; its settings in
## .swift-format) to every Swift file of the package, the example and the benchmarks.
## format-check: say which files it would change, and fail if any (not part of test: another
## toolchain's swift-format may lay out a line differently).
FORMATTED = Package.swift Sources Tests Examples/LuckyWheel/Package.swift Examples/LuckyWheel/Sources \
	Examples/LuckyWheel/Tests Benchmarks/Package.swift Benchmarks/Benchmarks
format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format $(FORMATTED)
format-check:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format $(FORMATTED)

clean:
	rm -rf .build .build-asan out artifacts
