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

static size_t blend_scalar(uint32_t *dst, const uint32_t *src, size_t n) {
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
/* Four pixels: each 16-bit lane (blue, red; green, alpha) of `d` times its pixel's
 * 255 - source alpha, divided by 255 as above, plus `s`. */
static inline __m128i over4(__m128i s, __m128i d) {
    const __m128i low_bytes = _mm_set1_epi32(0x00FF00FF), half = _mm_set1_epi16(0x80), k257 = _mm_set1_epi16(0x0101);
    __m128i ia = _mm_sub_epi32(_mm_set1_epi32(255), _mm_srli_epi32(s, 24));
    ia = _mm_or_si128(ia, _mm_slli_epi32(ia, 16));
    __m128i lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(d, low_bytes), ia), half), k257);
    __m128i hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(d, 8), ia), half), k257);
    return _mm_add_epi32(s, _mm_or_si128(lo, _mm_slli_epi16(hi, 8)));
}

static size_t blend_sse2(uint32_t *dst, const uint32_t *src, size_t n) {
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
    return written + blend_scalar(dst + i, src + i, n - i);
}

__attribute__((target("avx2"))) static inline __m256i over8(__m256i s, __m256i d) {
    const __m256i low_bytes = _mm256_set1_epi32(0x00FF00FF), half = _mm256_set1_epi16(0x80);
    const __m256i k257 = _mm256_set1_epi16(0x0101);
    __m256i ia = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(s, 24));
    ia = _mm256_or_si256(ia, _mm256_slli_epi32(ia, 16));
    __m256i lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(d, low_bytes), ia), half), k257);
    __m256i hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), ia), half), k257);
    return _mm256_add_epi32(s, _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8)));
}

__attribute__((target("avx2"))) static size_t blend_avx2(uint32_t *dst, const uint32_t *src, size_t n) {
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
    return written + blend_sse2(dst + i, src + i, n - i);
}
#endif

static int best_level(void) {
#ifdef LSPK_X86
    __builtin_cpu_init();
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
    case LSPK_AVX2: return blend_avx2(dst, src, n);
    case LSPK_SSE2: return blend_sse2(dst, src, n);
#endif
    default: return blend_scalar(dst, src, n);
    }
}

size_t lspk_blend_row(uint32_t *dst, const uint32_t *src, size_t n) { return lspk_blend_row_at(level, dst, src, n); }
