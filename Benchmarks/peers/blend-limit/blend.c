/*
 * The blend limit of the danmaku scene: how many 300x40 comments a CPU could blend over a
 * 720x1280 frame in 16.7 ms, if blending were all it did. It is the ceiling for any CPU
 * renderer of the scene (LiveStudio's among them), in the spirit of `bw`-style bandwidth
 * tests: measured on this machine, not assumed.
 *
 * Each frame does the scene's pixel work and nothing else: twelve opaque color bands fill
 * the frame, then N distinct 300x40 premultiplied pictures (one per comment, as every peer
 * keeps one texture per comment, so they do not all sit in the cache) are blended source
 * over at their scrolling positions. THREADS threads each own a horizontal share of the
 * rows, as LiveStudio's raster bands do; no window, no upload, no present.
 *
 * The blend is LiveStudio's integer arithmetic (premultiplied source over, each channel
 * times 255 - source alpha divided by 255 exactly with rounding), written as plain loops
 * over 16-bit lanes for the compiler to vectorize with every instruction the machine has
 * (-O3 -march=native).
 *
 * Usage: blend-limit [THREADS]   (default: the cores this process may use)
 * Prints: threads T blend_mpx_s R limit_n N p90_ms_at_limit X
 *   R  pixels blended per second (millions) at the limit, over all threads
 *   N  the largest N whose p90 frame time (120 frames) is <= 16.7 ms
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { WIDTH = 720, HEIGHT = 1280, BOX_W = 300, BOX_H = 40, BANDS = 12, FRAMES = 120, WARMUP = 20 };
enum { MAX_N = 200000, MAX_THREADS = 64 };

static uint32_t frame[WIDTH * HEIGHT];
static uint32_t **pictures;
static double *xs, *ys, *speeds;
static long n_comments;
static int threads;
static double scene_time;
static pthread_barrier_t start_barrier, end_barrier;
static volatile int quitting;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* x * a / 255, rounded, for x and a in 0...255: LiveStudio's PixelMath.mul. */
static inline uint32_t mul255(uint32_t x, uint32_t a) {
    uint32_t t = x * a + 128;
    return (t + (t >> 8)) >> 8;
}

/* src over dst, both premultiplied 0xAARRGGBB, channel by channel. */
static inline uint32_t over(uint32_t s, uint32_t d) {
    uint32_t ia = 255 - (s >> 24);
    uint32_t b = mul255(d & 0xFF, ia), g = mul255((d >> 8) & 0xFF, ia);
    uint32_t r = mul255((d >> 16) & 0xFF, ia), a = mul255(d >> 24, ia);
    return s + (a << 24 | r << 16 | g << 8 | b);
}

static void blend_row(uint32_t *restrict dst, const uint32_t *restrict src, int n) {
    for (int i = 0; i < n; i++) dst[i] = over(src[i], dst[i]);
}

/* The comment picture: a translucent black box (alpha 110) with rounded ends, transparent
 * corners, and a band of near-white "text" strokes (alpha 230) where the text would be. */
static uint32_t *make_picture(long index) {
    uint32_t *p = malloc(sizeof(uint32_t) * BOX_W * BOX_H);
    if (p == NULL) return NULL;
    const double r = BOX_H / 2.0;
    for (int y = 0; y < BOX_H; y++) {
        for (int x = 0; x < BOX_W; x++) {
            double cx = x + 0.5 < r ? r : (x + 0.5 > BOX_W - r ? BOX_W - r : x + 0.5);
            double dx = x + 0.5 - cx, dy = y + 0.5 - r;
            uint32_t v = 0;
            if (dx * dx + dy * dy <= r * r) v = 110u << 24;
            int stroke = y >= 10 && y < 30 && x >= 16 && x < 16 + 150 + (int)(index % 60) && ((x / 3 + y / 4) % 3 == 0);
            if (stroke) v = 230u << 24 | 230u << 16 | 230u << 8 | 230u;
            p[y * BOX_W + x] = v;
        }
    }
    return p;
}

static void draw_rows(int y0, int y1) {
    double band_h = (double)HEIGHT / BANDS;
    for (int b = 0; b < BANDS; b++) {
        double t = scene_time + b * 0.4;
        uint32_t c = 0xFF000000u | (uint32_t)(90 + 80 * sin(t)) << 16 | (uint32_t)(90 + 80 * sin(t * 1.3 + 2)) << 8
                     | (uint32_t)(120 + 100 * sin(t * 0.7 + 4));
        int top = (int)floor(b * band_h), bottom = (int)floor((b + 1) * band_h) + 1;
        if (top < y0) top = y0;
        if (bottom > y1) bottom = y1;
        for (int y = top; y < bottom; y++) {
            uint32_t *row = frame + (size_t)y * WIDTH;
            for (int x = 0; x < WIDTH; x++) row[x] = c;
        }
    }
    for (long i = 0; i < n_comments; i++) {
        int x = (int)floor(xs[i]), y = (int)floor(ys[i]);
        int x0 = x < 0 ? 0 : x, x1 = x + BOX_W > WIDTH ? WIDTH : x + BOX_W;
        int top = y < y0 ? y0 : y, bottom = y + BOX_H > y1 ? y1 : y + BOX_H;
        if (x0 >= x1) continue;
        for (int row = top; row < bottom; row++) {
            blend_row(frame + (size_t)row * WIDTH + x0, pictures[i] + (size_t)(row - y) * BOX_W + (x0 - x), x1 - x0);
        }
    }
}

static void *worker(void *arg) {
    long k = (long)arg;
    int y0 = (int)(HEIGHT * k / threads), y1 = (int)(HEIGHT * (k + 1) / threads);
    for (;;) {
        pthread_barrier_wait(&start_barrier);
        if (quitting) return NULL;
        draw_rows(y0, y1);
        pthread_barrier_wait(&end_barrier);
    }
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The p90 frame time, in ms, of FRAMES frames of n comments (after WARMUP frames). */
static double p90_ms(long n) {
    static double times[FRAMES];
    n_comments = n;
    srand(42);
    for (long i = 0; i < n; i++) {
        xs[i] = -300 + 1020.0 * rand() / RAND_MAX;
        ys[i] = 1240.0 * rand() / RAND_MAX;
        speeds[i] = 120 + 120.0 * rand() / RAND_MAX;
    }
    for (int f = 0; f < WARMUP + FRAMES; f++) {
        scene_time += 1.0 / 60;
        for (long i = 0; i < n; i++) {
            xs[i] -= speeds[i] / 60;
            if (xs[i] < -300) xs[i] += 1020;
        }
        double start = now_ms();
        pthread_barrier_wait(&start_barrier);
        pthread_barrier_wait(&end_barrier);
        if (f >= WARMUP) times[f - WARMUP] = now_ms() - start;
    }
    qsort(times, FRAMES, sizeof times[0], compare_doubles);
    return times[(int)ceil(0.9 * FRAMES) - 1];
}

int main(int argc, char **argv) {
    cpu_set_t set;
    threads = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
    if (argc > 2) {
        fprintf(stderr, "usage: blend-limit [THREADS]\n");
        return 64;
    }
    if (argc == 2) {
        char *end = NULL;
        errno = 0;
        long v = strtol(argv[1], &end, 10);
        if (errno != 0 || end == argv[1] || *end != '\0' || v < 1 || v > MAX_THREADS) {
            fprintf(stderr, "blend-limit: THREADS must be a whole number from 1 to %d, got \"%s\"\n", MAX_THREADS, argv[1]);
            return 64;
        }
        threads = (int)v;
    }
    pictures = calloc(MAX_N, sizeof *pictures);
    xs = calloc(MAX_N, sizeof *xs);
    ys = calloc(MAX_N, sizeof *ys);
    speeds = calloc(MAX_N, sizeof *speeds);
    if (pictures == NULL || xs == NULL || ys == NULL || speeds == NULL) {
        fprintf(stderr, "blend-limit: out of memory\n");
        return 1;
    }
    pthread_barrier_init(&start_barrier, NULL, (unsigned)threads + 1);
    pthread_barrier_init(&end_barrier, NULL, (unsigned)threads + 1);
    pthread_t ids[MAX_THREADS];
    for (long k = 0; k < threads; k++) pthread_create(&ids[k], NULL, worker, (void *)k);

    /* Doubling, then bisection to within 10 comments, as run-peers.sh searches the peers. */
    long lo = 0, hi = 256, made = 0;
    double v = 0, at_limit = 0;
    for (;;) {
        for (; made < hi; made++) {
            if ((pictures[made] = make_picture(made)) == NULL) {
                fprintf(stderr, "blend-limit: out of memory for %ld pictures\n", hi);
                return 1;
            }
        }
        v = p90_ms(hi);
        if (v > 16.7 || hi * 2 > MAX_N) break;
        lo = hi;
        at_limit = v;
        hi *= 2;
    }
    while (hi - lo > 10) {
        long mid = (lo + hi) / 2;
        v = p90_ms(mid);
        if (v <= 16.7) {
            lo = mid;
            at_limit = v;
        } else {
            hi = mid;
        }
    }
    double rate = lo * (double)BOX_W * BOX_H / (at_limit / 1e3) / 1e6;
    printf("threads %d blend_mpx_s %.0f limit_n %ld p90_ms_at_limit %.3f\n", threads, rate, lo, at_limit);
    quitting = 1;
    pthread_barrier_wait(&start_barrier);
    for (long k = 0; k < threads; k++) pthread_join(ids[k], NULL);
    return 0;
}
