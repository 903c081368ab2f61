/*
 * The danmaku peer scene written against SDL2's own 2D renderer, the same scene as
 * `studio bench --scene danmaku` and love-danmaku/main.lua: twelve color bands whose colors
 * drift with time stand in for the video, and N comments (a translucent 300x40 rounded box
 * with a line of white text) scroll right to left over it in a 720x1280 window, vsync off.
 *
 * Usage: danmaku RENDERER N FRAMES
 *   RENDERER  an SDL render driver by name: "software" or "opengl" (others SDL lists work too)
 *   N         number of comments
 *   FRAMES    frames to measure, after 30 warm-up frames that are not measured
 * Prints one line to stdout:
 *   renderer <name> n <N> frames <F> p50_ms <v> p90_ms <v> p99_ms <v>
 * Exit codes: 0 done, 1 a runtime failure (display, font, texture), 2 the render driver is
 * not available, 64 bad arguments.
 *
 * The comments are drawn the way LiveStudio draws them, so the peer does the same work: each
 * comment's rounded box and its own text are composed once at start into one 300x40 texture,
 * and each frame blends one texture per comment (LiveStudio draws each comment from one
 * picture made once). Re-rendering text every frame would measure SDL_ttf, not the renderer,
 * and no SDL program would do it.
 *
 * Build: cc -O2 danmaku.c -o danmaku $(pkg-config --cflags --libs sdl2 SDL2_ttf) -lm
 */
#include <SDL.h>
#include <SDL_opengl.h>
#include <SDL_ttf.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WIDTH = 720, HEIGHT = 1280, BANDS = 12, WARMUP = 30 };
enum { BOX_W = 300, BOX_H = 40, BOX_RADIUS = 20, BOX_ALPHA = 110, TEXT_ALPHA = 230 };
enum { TEXT_DX = 16, TEXT_DY = 6, FONT_SIZE = 24 };
enum { EXIT_RUNTIME = 1, EXIT_NO_DRIVER = 2, EXIT_USAGE = 64 };

/* The CJK font first, as the LÖVE peer does, so "弹幕" is real glyphs; DejaVu Sans when it is
 * missing (the two CJK glyphs then show as boxes, which costs the same to draw). */
static const char *const FONT_PATHS[] = {
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
};

/* SplitMix64 seeded with 42, the generator LiveStudio's SeededRandom uses, so the comments
 * start at the same places in both programs. */
static uint64_t rng_state = 42;

static uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A double in lo..hi from 53 random bits. */
static double rng_range(double lo, double hi) {
    return lo + (double)(rng_next() >> 11) * 0x1.0p-53 * (hi - lo);
}

static void usage(void) {
    fprintf(stderr, "usage: danmaku RENDERER N FRAMES   (RENDERER: software or opengl; N >= 0; FRAMES >= 1)\n");
}

/* A whole decimal number in min..max, or -1 when the text is not one. */
static long parse_count(const char *text, long min, long max) {
    char *end = NULL;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < min || v > max) return -1;
    return v;
}

/* The index of the SDL render driver called `name`, or -1 after telling which ones exist.
 * SDL's driver list is compiled in, so this works before SDL_Init and without a display. */
static int find_render_driver(const char *name) {
    int count = SDL_GetNumRenderDrivers();
    for (int i = 0; i < count; i++) {
        SDL_RendererInfo info;
        if (SDL_GetRenderDriverInfo(i, &info) == 0 && strcmp(info.name, name) == 0) return i;
    }
    fprintf(stderr, "danmaku: SDL render driver \"%s\" is not available in this SDL build; available:", name);
    for (int i = 0; i < count; i++) {
        SDL_RendererInfo info;
        if (SDL_GetRenderDriverInfo(i, &info) == 0) fprintf(stderr, " %s", info.name);
    }
    fprintf(stderr, "\n");
    return -1;
}

/* The 300x40 rounded box, black with alpha 110 inside, its edge antialiased by 4x4
 * supersampling so it looks like the boxes the other peers draw. */
static SDL_Surface *make_box_surface(void) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, BOX_W, BOX_H, 32, SDL_PIXELFORMAT_ARGB8888);
    if (s == NULL) return NULL;
    const double r = BOX_RADIUS;
    for (int y = 0; y < BOX_H; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < BOX_W; x++) {
            int inside = 0;
            for (int sy = 0; sy < 4; sy++) {
                for (int sx = 0; sx < 4; sx++) {
                    double px = x + (sx + 0.5) / 4, py = y + (sy + 0.5) / 4;
                    /* Distance to the box shrunk by the radius: inside when it is <= r. */
                    double cx = px < r ? r : (px > BOX_W - r ? BOX_W - r : px);
                    double cy = py < r ? r : (py > BOX_H - r ? BOX_H - r : py);
                    double dx = px - cx, dy = py - cy;
                    if (dx * dx + dy * dy <= r * r) inside++;
                }
            }
            Uint32 a = (Uint32)(BOX_ALPHA * inside / 16);
            row[x] = a << 24; /* black: color bits stay zero */
        }
    }
    return s;
}

/* One comment's texture: a copy of the box with the comment's text blended over it at
 * (TEXT_DX, TEXT_DY), at alpha TEXT_ALPHA; NULL (SDL_GetError says why) on failure. */
static SDL_Texture *make_comment_texture(SDL_Renderer *renderer, SDL_Surface *box, SDL_Surface *text) {
    SDL_Surface *s = SDL_ConvertSurfaceFormat(box, SDL_PIXELFORMAT_ARGB8888, 0);
    if (s == NULL) return NULL;
    SDL_Rect at = {TEXT_DX, TEXT_DY, text->w, text->h};
    SDL_SetSurfaceBlendMode(text, SDL_BLENDMODE_BLEND);
    SDL_SetSurfaceAlphaMod(text, TEXT_ALPHA);
    SDL_Texture *t = SDL_BlitSurface(text, NULL, s, &at) == 0 ? SDL_CreateTextureFromSurface(renderer, s) : NULL;
    SDL_FreeSurface(s);
    if (t != NULL) SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    return t;
}

/* Prints the GL_RENDERER string on stderr, so a reader sees whether "opengl" meant a GPU or
 * llvmpipe (Mesa's software GL, which is what Xvfb gives). */
static void report_gl_renderer(void) {
    typedef const GLubyte *(APIENTRY * GetStringFn)(GLenum);
    GetStringFn get_string;
    /* Copied through a void pointer, the way POSIX's dlsym is used, since ISO C has no cast
     * from an object pointer to a function pointer. */
    void *address = SDL_GL_GetProcAddress("glGetString");
    memcpy(&get_string, &address, sizeof get_string);
    const GLubyte *name = get_string != NULL ? get_string(GL_RENDERER) : NULL;
    fprintf(stderr, "danmaku: GL_RENDERER %s\n", name != NULL ? (const char *)name : "(unknown)");
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-th quantile of the sorted samples, picked like the LÖVE peer does: the ceil(q * n)-th. */
static double quantile(const double *sorted, long n, double q) {
    long i = (long)ceil(q * (double)n);
    if (i < 1) i = 1;
    if (i > n) i = n;
    return sorted[i - 1];
}

int main(int argc, char **argv) {
    if (argc != 4) {
        usage();
        return EXIT_USAGE;
    }
    const char *driver = argv[1];
    /* The upper bounds only keep the allocations below sane; the benchmark never nears them. */
    long n = parse_count(argv[2], 0, 1000000);
    long frames = parse_count(argv[3], 1, 10000000);
    if (n < 0) {
        fprintf(stderr, "danmaku: N must be a whole number from 0 to 1000000, got \"%s\"\n", argv[2]);
        usage();
        return EXIT_USAGE;
    }
    if (frames < 0) {
        fprintf(stderr, "danmaku: FRAMES must be a whole number from 1 to 10000000, got \"%s\"\n", argv[3]);
        usage();
        return EXIT_USAGE;
    }
    int driver_index = find_render_driver(driver);
    if (driver_index < 0) return EXIT_NO_DRIVER;
    /* The hint as well as the index, so SDL does not fall back to another driver on its own. */
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, driver);

    int status = EXIT_RUNTIME;
    SDL_Window *window = NULL;
    SDL_Renderer *renderer = NULL;
    TTF_Font *font = NULL;
    SDL_Surface *box = NULL;
    SDL_Texture **comments = NULL;
    double *xs = NULL, *ys = NULL, *speeds = NULL, *times = NULL;
    int ttf_ready = 0;

    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "danmaku: SDL_Init(SDL_INIT_VIDEO) failed (is there a display? run under xvfb-run): %s\n", SDL_GetError());
        return EXIT_RUNTIME;
    }
    /* With no display SDL falls back to its "offscreen" video driver, which shows nothing and
     * so would time a different job than the peers do; unless asked for by SDL_VIDEODRIVER,
     * treat that as the missing display it is. */
    const char *video = SDL_GetCurrentVideoDriver();
    const char *asked = SDL_getenv("SDL_VIDEODRIVER");
    if (video != NULL && (strcmp(video, "offscreen") == 0 || strcmp(video, "dummy") == 0)
        && (asked == NULL || strcmp(asked, video) != 0)) {
        fprintf(stderr, "danmaku: no display (SDL fell back to its \"%s\" video driver); run under xvfb-run or set DISPLAY\n", video);
        goto done;
    }
    if (TTF_Init() != 0) {
        fprintf(stderr, "danmaku: TTF_Init failed: %s\n", TTF_GetError());
        goto done;
    }
    ttf_ready = 1;

    /* A GL window up front for a GL driver, so SDL need not recreate the window. */
    Uint32 window_flags = strncmp(driver, "opengl", 6) == 0 ? SDL_WINDOW_OPENGL : 0;
    window = SDL_CreateWindow("sdl-danmaku", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, WIDTH, HEIGHT, window_flags);
    if (window == NULL) {
        fprintf(stderr, "danmaku: SDL_CreateWindow %dx%d failed: %s\n", WIDTH, HEIGHT, SDL_GetError());
        goto done;
    }
    /* No SDL_RENDERER_PRESENTVSYNC: frame times must show the work, not the display's rate. */
    renderer = SDL_CreateRenderer(window, driver_index, 0);
    if (renderer == NULL) {
        fprintf(stderr, "danmaku: SDL_CreateRenderer with driver \"%s\" failed: %s\n", driver, SDL_GetError());
        goto done;
    }
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(renderer, &info) != 0) {
        fprintf(stderr, "danmaku: SDL_GetRendererInfo failed: %s\n", SDL_GetError());
        goto done;
    }
    if (strncmp(info.name, "opengl", 6) == 0) report_gl_renderer();

    for (size_t i = 0; i < sizeof FONT_PATHS / sizeof FONT_PATHS[0] && font == NULL; i++) {
        font = TTF_OpenFont(FONT_PATHS[i], FONT_SIZE);
    }
    if (font == NULL) {
        fprintf(stderr, "danmaku: no font could be opened (tried %s and %s): %s\n", FONT_PATHS[0], FONT_PATHS[1], TTF_GetError());
        goto done;
    }

    box = make_box_surface();
    if (box == NULL) {
        fprintf(stderr, "danmaku: the rounded box could not be made: %s\n", SDL_GetError());
        goto done;
    }

    /* calloc(0) may return NULL, so ask for at least one element. */
    size_t slots = n > 0 ? (size_t)n : 1;
    xs = calloc(slots, sizeof *xs);
    ys = calloc(slots, sizeof *ys);
    speeds = calloc(slots, sizeof *speeds);
    comments = calloc(slots, sizeof *comments);
    times = calloc((size_t)frames, sizeof *times);
    if (xs == NULL || ys == NULL || speeds == NULL || comments == NULL || times == NULL) {
        fprintf(stderr, "danmaku: out of memory for %ld comments and %ld frames\n", n, frames);
        goto done;
    }
    /* All x first, then all y, then all speeds: the order LiveStudio draws them in. */
    for (long i = 0; i < n; i++) xs[i] = rng_range(-300, 720);
    for (long i = 0; i < n; i++) ys[i] = rng_range(0, 1240);
    for (long i = 0; i < n; i++) speeds[i] = rng_range(120, 240);

    const SDL_Color white = {255, 255, 255, 255};
    for (long i = 0; i < n; i++) {
        char text[64];
        snprintf(text, sizeof text, "comment %ld 弹幕", i);
        SDL_Surface *s = TTF_RenderUTF8_Blended(font, text, white);
        if (s == NULL) {
            fprintf(stderr, "danmaku: TTF_RenderUTF8_Blended of comment %ld failed: %s\n", i, TTF_GetError());
            goto done;
        }
        /* The 230 text alpha as a surface modulation, which every SDL version applies the
         * same way (the alpha of the color given to SDL_ttf is honoured only by newer ones). */
        comments[i] = make_comment_texture(renderer, box, s);
        SDL_FreeSurface(s);
        if (comments[i] == NULL) {
            fprintf(stderr, "danmaku: the texture of comment %ld failed: %s\n", i, SDL_GetError());
            goto done;
        }
    }

    /* A fixed step, like the LÖVE peer, so every run draws the same frames whatever its speed. */
    const double dt = 1.0 / 60.0;
    const double band_h = (double)HEIGHT / BANDS;
    const double ticks_per_ms = (double)SDL_GetPerformanceFrequency() / 1000.0;
    double time = 0;
    long measured = 0;
    for (long frame = 0; measured < frames; frame++) {
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            if (event.type == SDL_QUIT) {
                fprintf(stderr, "danmaku: the window was closed after %ld of %ld measured frames\n", measured, frames);
                goto done;
            }
        }
        time += dt;
        for (long i = 0; i < n; i++) {
            xs[i] -= speeds[i] * dt;
            if (xs[i] < -300) xs[i] += 1020;
        }

        Uint64 start = SDL_GetPerformanceCounter();
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
        SDL_RenderClear(renderer);
        for (int b = 0; b < BANDS; b++) {
            double t = time + b * 0.4;
            SDL_SetRenderDrawColor(renderer, (Uint8)(90 + 80 * sin(t)), (Uint8)(90 + 80 * sin(t * 1.3 + 2)),
                                   (Uint8)(120 + 100 * sin(t * 0.7 + 4)), 255);
            /* Edges rounded from the exact band boundaries, so the bands tile without gaps. */
            int top = (int)floor(b * band_h), bottom = (int)floor((b + 1) * band_h) + 1;
            SDL_Rect band = {0, top, WIDTH, bottom - top};
            SDL_RenderFillRect(renderer, &band);
        }
        for (long i = 0; i < n; i++) {
            int x = (int)floor(xs[i]), y = (int)floor(ys[i]);
            SDL_Rect rect = {x, y, BOX_W, BOX_H};
            SDL_RenderCopy(renderer, comments[i], NULL, &rect);
        }
        SDL_RenderPresent(renderer);
        Uint64 end = SDL_GetPerformanceCounter();
        if (frame >= WARMUP) times[measured++] = (double)(end - start) / ticks_per_ms;
    }

    qsort(times, (size_t)frames, sizeof *times, compare_doubles);
    printf("renderer %s n %ld frames %ld p50_ms %.3f p90_ms %.3f p99_ms %.3f\n", info.name, n, frames,
           quantile(times, frames, 0.5), quantile(times, frames, 0.9), quantile(times, frames, 0.99));
    fflush(stdout);
    status = 0;

done:
    if (comments != NULL) {
        for (long i = 0; i < n; i++) {
            if (comments[i] != NULL) SDL_DestroyTexture(comments[i]);
        }
    }
    free(comments);
    free(xs);
    free(ys);
    free(speeds);
    free(times);
    if (box != NULL) SDL_FreeSurface(box);
    if (font != NULL) TTF_CloseFont(font);
    if (renderer != NULL) SDL_DestroyRenderer(renderer);
    if (window != NULL) SDL_DestroyWindow(window);
    if (ttf_ready) TTF_Quit();
    SDL_Quit();
    return status;
}
