#include "pixel_kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define LSPK_X86 1
#endif

/* x * a / 255 rounded, for x and a in 0...255. */
static inline uint32_t mul255(uint32_t x, uint32_t a) {
    uint32_t t = x * a + 128;
    return (t + (t >> 8)) >> 8;
}

static inline uint32_t over(uint32_t s, uint32_t d) {
    uint32_t ia = 255 - (s >> 24);
    uint32_t rb = mul255(d & 0xFF, ia) | mul255((d >> 16) & 0xFF, ia) << 16;
    uint32_t ag = mul255((d >> 8) & 0xFF, ia) << 8 | mul255(d >> 24, ia) << 24;
    return s + (rb | ag);
}

/* Every channel of `p` times `a` / 255, rounded. */
static inline uint32_t scale(uint32_t p, uint32_t a) {
    return mul255(p & 0xFF, a) | mul255((p >> 8) & 0xFF, a) << 8 | mul255((p >> 16) & 0xFF, a) << 16
           | mul255(p >> 24, a) << 24;
}

static void span_scalar(uint32_t *dst, size_t n, uint32_t color) {
    for (size_t i = 0; i < n; i++) dst[i] = over(color, dst[i]);
}

static size_t mask_scalar(uint32_t *dst, const uint8_t *weights, size_t n, uint32_t color) {
    size_t written = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t w = weights[i];
        if (w == 0) continue;
        dst[i] = over(w == 255 ? color : scale(color, w), dst[i]);
        written++;
    }
    return written;
}

static void fill_scalar(uint32_t *dst, size_t n, uint32_t color) {
    for (size_t i = 0; i < n; i++) dst[i] = color;
}

static size_t row_scalar(uint32_t *dst, const uint32_t *src, size_t n) {
    size_t written = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t s = src[i];
        if (s == 0) continue;
        dst[i] = s >> 24 == 255 ? s : over(s, dst[i]);
        written++;
    }
    return written;
}

#ifdef LSPK_X86
/* Four pixels, each 16-bit lane (blue, red; green, alpha) times its pixel's weight
 * (0...255, given in 32-bit lanes), divided by 255 as above. */
static inline __m128i scale4(__m128i p, __m128i a) {
    const __m128i low_bytes = _mm_set1_epi32(0x00FF00FF), half = _mm_set1_epi16(0x80), k257 = _mm_set1_epi16(0x0101);
    a = _mm_or_si128(a, _mm_slli_epi32(a, 16));
    __m128i lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(p, low_bytes), a), half), k257);
    __m128i hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(p, 8), a), half), k257);
    return _mm_or_si128(lo, _mm_slli_epi16(hi, 8));
}

/* `s` over `d`, four pixels. */
static inline __m128i over4(__m128i s, __m128i d) {
    return _mm_add_epi32(s, scale4(d, _mm_sub_epi32(_mm_set1_epi32(255), _mm_srli_epi32(s, 24))));
}

static void span_sse2(uint32_t *dst, size_t n, uint32_t color) {
    const __m128i c = _mm_set1_epi32((int)color), ia = _mm_set1_epi32((int)(255 - (color >> 24)));
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i *d = (__m128i *)(dst + i);
        _mm_storeu_si128(d, _mm_add_epi32(c, scale4(_mm_loadu_si128(d), ia)));
    }
    span_scalar(dst + i, n - i, color);
}

static size_t mask_sse2(uint32_t *dst, const uint8_t *weights, size_t n, uint32_t color) {
    const __m128i c = _mm_set1_epi32((int)color), zero = _mm_setzero_si128();
    const int opaque = color >> 24 == 255;
    size_t i = 0, written = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t packed;
        __builtin_memcpy(&packed, weights + i, 4);
        if (packed == 0) continue;
        __m128i w = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)packed), zero), zero);
        written += 4 - (size_t)__builtin_popcount((unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(w, zero))));
        __m128i *d = (__m128i *)(dst + i);
        _mm_storeu_si128(d, opaque && packed == 0xFFFFFFFFu ? c : over4(scale4(c, w), _mm_loadu_si128(d)));
    }
    return written + mask_scalar(dst + i, weights + i, n - i, color);
}

static size_t row_sse2(uint32_t *dst, const uint32_t *src, size_t n) {
    const __m128i zero = _mm_setzero_si128(), opaque = _mm_set1_epi32((int)0xFF000000u);
    size_t i = 0, written = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(src + i));
        int transparent = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(s, zero)));
        if (transparent == 0xF) continue;
        written += 4 - (size_t)__builtin_popcount((unsigned)transparent);
        int solid = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(s, opaque), opaque)));
        __m128i *d = (__m128i *)(dst + i);
        _mm_storeu_si128(d, solid == 0xF ? s : over4(s, _mm_loadu_si128(d)));
    }
    return written + row_scalar(dst + i, src + i, n - i);
}

__attribute__((target("avx2"))) static inline __m256i scale8(__m256i p, __m256i a) {
    const __m256i low_bytes = _mm256_set1_epi32(0x00FF00FF), half = _mm256_set1_epi16(0x80);
    const __m256i k257 = _mm256_set1_epi16(0x0101);
    a = _mm256_or_si256(a, _mm256_slli_epi32(a, 16));
    __m256i lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, low_bytes), a), half), k257);
    __m256i hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(p, 8), a), half), k257);
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

__attribute__((target("avx2"))) static inline __m256i over8(__m256i s, __m256i d) {
    return _mm256_add_epi32(s, scale8(d, _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(s, 24))));
}

static void fill_sse2(uint32_t *dst, size_t n, uint32_t color) {
    const __m128i c = _mm_set1_epi32((int)color);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) _mm_storeu_si128((__m128i *)(dst + i), c);
    fill_scalar(dst + i, n - i, color);
}
__attribute__((target("avx2"))) static void fill_avx2(uint32_t *dst, size_t n, uint32_t color) {
    const __m256i c = _mm256_set1_epi32((int)color);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) _mm256_storeu_si256((__m256i *)(dst + i), c);
    fill_sse2(dst + i, n - i, color);
}
__attribute__((target("avx2"))) static void span_avx2(uint32_t *dst, size_t n, uint32_t color) {
    const __m256i c = _mm256_set1_epi32((int)color), ia = _mm256_set1_epi32((int)(255 - (color >> 24)));
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i *d = (__m256i *)(dst + i);
        _mm256_storeu_si256(d, _mm256_add_epi32(c, scale8(_mm256_loadu_si256(d), ia)));
    }
    span_sse2(dst + i, n - i, color);
}

__attribute__((target("avx2"))) static size_t mask_avx2(uint32_t *dst, const uint8_t *weights, size_t n, uint32_t color) {
    const __m256i c = _mm256_set1_epi32((int)color), zero = _mm256_setzero_si256();
    const int opaque = color >> 24 == 255;
    size_t i = 0, written = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t packed;
        __builtin_memcpy(&packed, weights + i, 8);
        if (packed == 0) continue;
        __m256i w = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)packed));
        written += 8 - (size_t)__builtin_popcount((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(w, zero))));
        __m256i *d = (__m256i *)(dst + i);
        _mm256_storeu_si256(d, opaque && packed == ~(uint64_t)0 ? c : over8(scale8(c, w), _mm256_loadu_si256(d)));
    }
    return written + mask_sse2(dst + i, weights + i, n - i, color);
}

__attribute__((target("avx2"))) static size_t row_avx2(uint32_t *dst, const uint32_t *src, size_t n) {
    const __m256i zero = _mm256_setzero_si256(), opaque = _mm256_set1_epi32((int)0xFF000000u);
    size_t i = 0, written = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
        int transparent = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(s, zero)));
        if (transparent == 0xFF) continue;
        written += 8 - (size_t)__builtin_popcount((unsigned)transparent);
        int solid = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(s, opaque), opaque)));
        __m256i *d = (__m256i *)(dst + i);
        _mm256_storeu_si256(d, solid == 0xFF ? s : over8(s, _mm256_loadu_si256(d)));
    }
    return written + row_sse2(dst + i, src + i, n - i);
}
/* AVX-512 (with its byte and word instructions): sixteen pixels at a time, the same
 * arithmetic as scale8 and over8 in wider lanes. */
__attribute__((target("avx512f,avx512bw"))) static inline __m512i scale16(__m512i p, __m512i a) {
    const __m512i low_bytes = _mm512_set1_epi32(0x00FF00FF), half = _mm512_set1_epi16(0x80);
    const __m512i k257 = _mm512_set1_epi16(0x0101);
    a = _mm512_or_si512(a, _mm512_slli_epi32(a, 16));
    __m512i lo = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(p, low_bytes), a), half), k257);
    __m512i hi = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(p, 8), a), half), k257);
    return _mm512_or_si512(lo, _mm512_slli_epi16(hi, 8));
}
__attribute__((target("avx512f,avx512bw"))) static inline __m512i over16(__m512i s, __m512i d) {
    return _mm512_add_epi32(s, scale16(d, _mm512_sub_epi32(_mm512_set1_epi32(255), _mm512_srli_epi32(s, 24))));
}
__attribute__((target("avx512f,avx512bw"))) static void span_avx512(uint32_t *dst, size_t n, uint32_t color) {
    const __m512i c = _mm512_set1_epi32((int)color), ia = _mm512_set1_epi32((int)(255 - (color >> 24)));
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        _mm512_storeu_si512(dst + i, _mm512_add_epi32(c, scale16(_mm512_loadu_si512(dst + i), ia)));
    }
    span_avx2(dst + i, n - i, color);
}
__attribute__((target("avx512f,avx512bw"))) static size_t mask_avx512(uint32_t *dst, const uint8_t *weights, size_t n, uint32_t color) {
    const __m512i c = _mm512_set1_epi32((int)color);
    const int opaque = color >> 24 == 255;
    size_t written = 0;
    /* Sixteen pixels a step, the last step masked to what is left: the edge runs of shapes
     * are mostly a few pixels. A weight of zero blends nothing over its pixel, so storing
     * it back changes nothing. */
    for (size_t i = 0; i < n; i += 16) {
        __mmask16 k = n - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (n - i)) - 1);
        __m128i packed = _mm512_castsi512_si128(_mm512_maskz_loadu_epi8((__mmask64)k, weights + i));
        int nonzero = (0xFFFF ^ _mm_movemask_epi8(_mm_cmpeq_epi8(packed, _mm_setzero_si128()))) & k;
        if (nonzero == 0) continue;
        written += (size_t)__builtin_popcount((unsigned)nonzero);
        int full = _mm_movemask_epi8(_mm_cmpeq_epi8(packed, _mm_set1_epi8((char)0xFF))) & k;
        __m512i blended = opaque && full == k ? c
                                              : over16(scale16(c, _mm512_cvtepu8_epi32(packed)), _mm512_maskz_loadu_epi32(k, dst + i));
        _mm512_mask_storeu_epi32(dst + i, k, blended);
    }
    return written;
}
__attribute__((target("avx512f"))) static void fill_avx512(uint32_t *dst, size_t n, uint32_t color) {
    const __m512i c = _mm512_set1_epi32((int)color);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) _mm512_storeu_si512(dst + i, c);
    if (i < n) _mm512_mask_storeu_epi32(dst + i, (__mmask16)((1u << (n - i)) - 1), c);
}
/* Sixteen source pixels over sixteen destination pixels, the lanes outside `k` left alone. A
 * transparent source pixel blends nothing over its pixel, so storing it back changes nothing. */
__attribute__((target("avx512f,avx512bw"))) static inline size_t row16(uint32_t *dst, const uint32_t *src, __mmask16 k, int masked) {
    const __m512i opaque = _mm512_set1_epi32((int)0xFF000000u);
    __m512i s = masked ? _mm512_maskz_loadu_epi32(k, src) : _mm512_loadu_si512(src);
    __mmask16 visible = _mm512_test_epi32_mask(s, s);
    if (visible == 0) return 0;
    __mmask16 solid = _mm512_mask_cmpeq_epi32_mask(k, _mm512_and_si512(s, opaque), opaque);
    if (masked) {
        _mm512_mask_storeu_epi32(dst, k, solid == k ? s : over16(s, _mm512_maskz_loadu_epi32(k, dst)));
    } else {
        _mm512_storeu_si512(dst, solid == k ? s : over16(s, _mm512_loadu_si512(dst)));
    }
    return (size_t)__builtin_popcount((unsigned)visible);
}
__attribute__((target("avx512f,avx512bw"))) static size_t row_avx512(uint32_t *dst, const uint32_t *src, size_t n) {
    size_t written = 0, i = 0;
    /* Whole steps of sixteen with plain loads and stores, then one step masked to what is
     * left, as in mask_avx512: a comment's rows are rarely a multiple of sixteen wide, and
     * finishing them with the narrower kernels cost more than the masked step. Masked
     * stores are slower than plain ones on some cores (AMD's among them), so only the last
     * step pays for one. */
    for (; i + 16 <= n; i += 16) written += row16(dst + i, src + i, (__mmask16)0xFFFF, 0);
    if (i < n) written += row16(dst + i, src + i, (__mmask16)((1u << (n - i)) - 1), 1);
    return written;
}
#endif

static int best_level(void) {
#ifdef LSPK_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) return LSPK_AVX512;
    if (__builtin_cpu_supports("avx2")) return LSPK_AVX2;
    return LSPK_SSE2;
#else
    return LSPK_SCALAR;
#endif
}

/* Set before main runs, so the raster threads only ever read it. */
static int level = LSPK_SCALAR;

__attribute__((constructor)) static void pick_level(void) { level = best_level(); }

int lspk_level(void) { return level; }

size_t lspk_blend_row_at(int wanted, uint32_t *dst, const uint32_t *src, size_t n) {
    switch (wanted < level ? wanted : level) {
#ifdef LSPK_X86
    case LSPK_AVX512: return row_avx512(dst, src, n);
    case LSPK_AVX2: return row_avx2(dst, src, n);
    case LSPK_SSE2: return row_sse2(dst, src, n);
#endif
    default: return row_scalar(dst, src, n);
    }
}

size_t lspk_blend_row(uint32_t *dst, const uint32_t *src, size_t n) { return lspk_blend_row_at(level, dst, src, n); }

void lspk_blend_span_at(int wanted, uint32_t *dst, size_t n, uint32_t color) {
    switch (wanted < level ? wanted : level) {
#ifdef LSPK_X86
    case LSPK_AVX512: span_avx512(dst, n, color); return;
    case LSPK_AVX2: span_avx2(dst, n, color); return;
    case LSPK_SSE2: span_sse2(dst, n, color); return;
#endif
    default: span_scalar(dst, n, color);
    }
}

void lspk_blend_span(uint32_t *dst, size_t n, uint32_t color) { lspk_blend_span_at(level, dst, n, color); }

size_t lspk_blend_mask_at(int wanted, uint32_t *dst, const uint8_t *weights, size_t n, uint32_t color) {
    switch (wanted < level ? wanted : level) {
#ifdef LSPK_X86
    case LSPK_AVX512: return mask_avx512(dst, weights, n, color);
    case LSPK_AVX2: return mask_avx2(dst, weights, n, color);
    case LSPK_SSE2: return mask_sse2(dst, weights, n, color);
#endif
    default: return mask_scalar(dst, weights, n, color);
    }
}

size_t lspk_blend_mask(uint32_t *dst, const uint8_t *weights, size_t n, uint32_t color) {
    return lspk_blend_mask_at(level, dst, weights, n, color);
}

void lspk_fill_row_at(int wanted, uint32_t *dst, size_t n, uint32_t color) {
    switch (wanted < level ? wanted : level) {
#ifdef LSPK_X86
    case LSPK_AVX512: fill_avx512(dst, n, color); return;
    case LSPK_AVX2: fill_avx2(dst, n, color); return;
    case LSPK_SSE2: fill_sse2(dst, n, color); return;
#endif
    default: fill_scalar(dst, n, color);
    }
}

void lspk_fill_row(uint32_t *dst, size_t n, uint32_t color) { lspk_fill_row_at(level, dst, n, color); }
