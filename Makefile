# LiveStudio: `make run` (the demo) and `make test` set everything up on a fresh Debian machine.
SWIFT        ?= swift
CONFIG       ?= debug
SWIFT_FLAGS  ?=
STUDIO_ARGS  ?=
# What the project needs from Debian: SDL2 and its ttf/image libraries, pkg-config to find
# them, Xvfb for window tests on machines without a display, DejaVu and Noto CJK fonts.
APT_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev pkg-config xvfb xauth \
                fonts-dejavu-core fonts-noto-cjk
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN_DIR       = $(shell $(SWIFT) build -c $(CONFIG) $(SWIFT_FLAGS) --show-bin-path)

.PHONY: all deps build run headless test clean

all: build

## deps: install the Debian packages when pkg-config, xvfb-run or the fonts are missing.
deps:
	@if pkg-config --exists sdl2 SDL2_ttf SDL2_image \
	    && command -v xvfb-run >/dev/null \
	    && [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] \
	    && [ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]; then \
	  echo "deps: SDL2, SDL2_ttf, SDL2_image, Xvfb and fonts are installed"; \
	else \
	  echo "deps: installing $(APT_PACKAGES)"; \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $(APT_PACKAGES); \
	fi

## build: compile everything (debug unless CONFIG=release).
build: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFT_FLAGS)

## run: the desktop demo in a window (says what to do instead when there is no display).
run: build
	$(BIN_DIR)/studio run $(STUDIO_ARGS)

## headless: the demo without a window, 600 frames, screenshot to out/headless.png.
headless: build
	@mkdir -p out
	$(BIN_DIR)/studio run --headless --frames 600 --screenshot out/headless.png --stats $(STUDIO_ARGS)

## test: every test, headless; the window smoke test runs the demo under xvfb-run.
test: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFT_FLAGS)
	$(SWIFT) test -c $(CONFIG) $(SWIFT_FLAGS)

clean:
	rm -rf .build out artifacts
